import { useParams } from 'react-router';
import { useCertificate } from '../../api/certificates.ts';
import { usePublicConfig } from '../../api/config.ts';
import { certificateUrl } from '../../components/certificateUrl.ts';
import { verifyLink } from '../../components/certificates/credentialLinks.ts';
import { readState } from '../../components/QueryState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { CertificateView } from './CertificateView.tsx';

/** /certificate/:certificateNumber: public, printable, verifiable (SPEC §2). */
export function CertificateScene() {
  const { certificateNumber = '' } = useParams();
  const certificate = useCertificate(certificateNumber);
  usePageTitle(certificate.data ? `Certificate: ${certificate.data.courseName}` : 'Certificate');
  const config = usePublicConfig().data;
  const number = certificate.data?.certificateNumber ?? certificateNumber;
  return (
    <CertificateView
      certificate={readState(certificate)}
      issuer={{ brand: config?.brandName ?? '', directorName: config?.directorName ?? '' }}
      verifyUrl={certificateUrl(config?.publicUrl, number)}
      verifyHref={verifyLink(config?.publicUrl || window.location.origin, number)}
    />
  );
}
