import { useCertificates } from '../../api/certificates.ts';
import { usePublicConfig } from '../../api/config.ts';
import { useToast } from '../../components/toast/Toaster.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSignedInUser } from '../../session/AuthProvider.tsx';
import { readState } from '../../components/QueryState.tsx';
import { CertificatesView, type CertificatesState } from './CertificatesView.tsx';
import { NameForCertificates } from './NameForCertificates.tsx';

/** /certificates: reads the learner's certificates and the site's address, copies share links, draws CertificatesView. */
export function CertificatesScene() {
  usePageTitle('My Certificates');
  const certificates = useCertificates();
  const publicUrl = usePublicConfig().data?.publicUrl;
  const user = useSignedInUser();
  const { toast } = useToast();
  const named = Boolean(user.firstName?.trim() || user.lastName?.trim());

  const state: CertificatesState = readState(certificates);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: `Copy this link instead: ${url}`, variant: 'destructive' });
    }
  };

  return <CertificatesView certificates={state} named={named} askForName={<NameForCertificates />} publicUrl={publicUrl} onCopy={(url) => void copy(url)} />;
}
