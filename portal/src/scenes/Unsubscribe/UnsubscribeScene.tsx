import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../../api/deadlines.ts';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { UnsubscribeView, type UnsubscribeState } from './UnsubscribeView.tsx';

const BROKEN = 'This unsubscribe link is not valid: it may have been altered or cut short. Nothing was changed. Open the link from the e-mail again.';

/**
 * /unsubscribe?token=…: the link at the foot of a reminder or digest (public, no sign-in). It
 * asks before unsubscribing, so a mail scanner that opens links changes nothing; mail providers
 * unsubscribe in one click through the List-Unsubscribe header instead.
 */
export function UnsubscribeScene() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  const read = readState(info);
  const state: UnsubscribeState = !token
    ? { state: 'broken', reason: BROKEN }
    : read.state === 'loading'
      ? { state: 'checking' }
      : read.state === 'failed'
        ? { state: 'broken', reason: errorText(read.error, BROKEN) }
        : read.data.unsubscribed
          ? { state: 'unsubscribed', description: read.data.description }
          : {
              state: 'asking',
              description: read.data.description,
              pending: unsubscribe.isPending,
              problem: unsubscribe.error ? errorText(unsubscribe.error, 'That did not work. Please try again.') : null,
            };

  return <UnsubscribeView unsubscribe={state} onUnsubscribe={() => unsubscribe.mutate()} />;
}
