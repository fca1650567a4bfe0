import type { CertificatePublicDto } from '@atrium/common';
import styled from 'styled-components';
import { ButtonAnchor } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { credentialPath, linkedInAddUrl } from '../../components/certificates/credentialLinks.ts';

/**
 * The certificate as an Open Badges 3.0 credential: the signed file to keep or hand to a
 * verifier, and LinkedIn's add-certification form filled in. Laid out by the toolbar around it.
 */
export function CredentialActions({ certificate, brand, certificateUrl }: { certificate: CertificatePublicDto; brand: string; certificateUrl: string }) {
  return (
    <>
      <ButtonAnchor variant="secondary" href={credentialPath(certificate.certificateNumber)} download={`${certificate.certificateNumber}.jwt`}>
        <Icon name="download" size={18} /> Download credential
      </ButtonAnchor>
      <ButtonAnchor variant="secondary" href={linkedInAddUrl(certificate, brand, certificateUrl)} target="_blank" rel="noopener noreferrer" data-linkedin>
        <Icon name="external" size={18} /> Add to LinkedIn
      </ButtonAnchor>
    </>
  );
}

/** One line on the certificate itself: what makes it checkable without asking us. */
export function SignedNote() {
  return (
    <Note>
      <Icon name="shield" size={14} /> Digitally signed: an Open Badges 3.0 credential
    </Note>
  );
}

const Note = styled.span`
  justify-self: end;

  svg {
    display: inline-block;
    margin-right: ${({ theme }) => theme.space.xxs};
    vertical-align: -2px;
  }
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;

  @media (max-width: 767px) {
    justify-self: center;
  }
`;
