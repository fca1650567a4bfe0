import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useCredentialCheck } from './useCredentialCheck.ts';
import { VerifyView } from './VerifyView.tsx';

/**
 * /verify: public. Anyone holding a credential file (or a certificate's QR code link,
 * /verify?number=…) checks it here, in their own browser, against our published keys.
 */
export function VerifyScene() {
  usePageTitle('Verify a certificate');
  const [params] = useSearchParams();
  const number = params.get('number')?.trim() ?? '';
  const { state, check, checkNumber, reset, ready } = useCredentialCheck();

  useEffect(() => {
    if (number && ready) void checkNumber(number);
  }, [number, ready, checkNumber]);

  return <VerifyView state={state} onCheck={(jwt) => void check(jwt)} onReset={reset} />;
}
