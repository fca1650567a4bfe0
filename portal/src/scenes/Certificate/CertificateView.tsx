import styled, { createGlobalStyle } from 'styled-components';
import { media } from '@atrium/common/ui/theme';
import type { CertificatePublicDto } from '@atrium/common';
import { formatCalendarDate, formatInstantDate } from '@atrium/common/rules/dates';
import { cpdHoursText } from '@atrium/common/rules/cpd';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container } from '../../components/Layout.tsx';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { CredentialActions, SignedNote } from './CredentialActions.tsx';
import { QrCode } from './QrCode.tsx';
import { ExpiryNote } from './ExpiryNote.tsx';

export interface CertificateViewProps {
  certificate: ReadState<CertificatePublicDto>;
  /** Who issued it, as the sheet is signed: the agency's name and its director's. */
  issuer: { brand: string; directorName: string };
  /** The address printed on the sheet for checking it. */
  verifyUrl: string;
  /** Where the QR code goes: the verify page with the certificate's number. */
  verifyHref: string;
}

/** /certificate/:certificateNumber: the printable sheet with its credential actions, or why there is none. */
export function CertificateView({ certificate, ...rest }: CertificateViewProps) {
  return (
    <QueryState
      read={certificate}
      loading="Loading certificate"
      failed="This certificate could not be checked"
      notFound={{ icon: 'award', title: 'Certificate Not Found', text: "The certificate you're looking for could not be found or may have been revoked." }}
      back={<ButtonLink to="/">Go to the home page</ButtonLink>}
    >
      {(shown) => <CertificateSheet certificate={shown} {...rest} />}
    </QueryState>
  );
}

function CertificateSheet({ certificate, issuer, verifyUrl, verifyHref }: Omit<CertificateViewProps, 'certificate'> & { certificate: CertificatePublicDto }) {
  const { brand, directorName } = issuer;

  return (
    <Container>
      <PrintPage />
      <Toolbar className="no-print">
        <Verified>
          <Icon name="checkCircle" size={20} /> Verified certificate: issued by {brand}
        </Verified>
        {certificate.expiresOn ? <ExpiryNote expiresOn={certificate.expiresOn} expired={certificate.expired === true} /> : null}
        <ToolbarActions>
          <CredentialActions certificate={certificate} brand={brand} certificateUrl={verifyUrl} />
          <Button onClick={() => window.print()}>
            <Icon name="printer" size={18} /> Download / Print
          </Button>
        </ToolbarActions>
      </Toolbar>
      <Sheet>
        <Paper className="certificate" aria-labelledby="certificate-title">
          <Inner>
            <Brand>{brand}</Brand>
            <Title id="certificate-title">Certificate of Completion</Title>
            <Small>This is to certify that</Small>
            <Student>{certificate.studentName}</Student>
            <Small>has successfully completed the course</Small>
            <Course>{certificate.courseName}</Course>
            <Small>with {certificate.completionPercentage}% of the course completed</Small>
            <Dates>
              <div>
                <dt>Date of completion</dt>
                <dd>{formatInstantDate(certificate.completedAt)}</dd>
              </div>
              <div>
                <dt>Date of issue</dt>
                <dd>{formatInstantDate(certificate.issuedAt)}</dd>
              </div>
              {/* The final quiz's best score when the certificate was issued (issue 36): beside the dates, so the sheet keeps its size. */}
              {typeof certificate.quizScore === 'number' ? (
                <div>
                  <dt>Final quiz score</dt>
                  <dd>{certificate.quizScore}&nbsp;%</dd>
                </div>
              ) : null}
              {/* The CPD hours it was issued with (issue 59). */}
              {typeof certificate.cpdHours === 'number' ? (
                <div>
                  <dt>CPD hours</dt>
                  <dd>
                    {cpdHoursText(certificate.cpdHours)}
                    {typeof certificate.ceus === 'number' ? ` (${certificate.ceus} CEUs)` : ''}
                  </dd>
                </div>
              ) : null}
              {/* On the sheet itself, so a printed copy says how long it is current. */}
              {certificate.expiresOn ? (
                <div>
                  <dt>{certificate.expired ? 'Expired on' : 'Valid until'}</dt>
                  <dd>{formatCalendarDate(certificate.expiresOn)}</dd>
                </div>
              ) : null}
            </Dates>
            <Bottom>
              <Signature>
                <SignatureName aria-hidden="true">{directorName}</SignatureName>
                <Line />
                <strong>{directorName}</strong>
                <span>Director, {brand}</span>
              </Signature>
              <Verify>
                <Qr>
                  <QrCode value={verifyHref} label="QR code: check this certificate's digital signature online" />
                </Qr>
                <span>
                  Certificate number <code>{certificate.certificateNumber}</code>
                </span>
                <span>
                  Verify at <a href={verifyUrl}>{verifyUrl}</a>
                </span>
                <SignedNote />
              </Verify>
            </Bottom>
          </Inner>
        </Paper>
      </Sheet>
    </Container>
  );
}

/** One clean A4 landscape page: nothing but the certificate, colours kept. */
const PrintPage = createGlobalStyle`
  @media print {
    @page { size: A4 landscape; margin: 0; }
    html, body { width: 297mm; height: 210mm; margin: 0; padding: 0; background: ${({ theme }) => theme.colors.surface}; }
    body > :not(#root) { display: none !important; }
    #root { display: block; min-height: 0; }
    #main, #main > * { padding: 0 !important; margin: 0 !important; max-width: none !important; }
    * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  }
`;

const serif = "Georgia, 'Times New Roman', serif";

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Verified = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const Sheet = styled.div`
  overflow-x: auto;

  @media print {
    overflow: visible;
  }
`;

const Paper = styled.article`
  position: relative;
  width: 100%;
  max-width: 60rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  border-radius: ${({ theme }) => theme.radius.sm};

  ${media.tablet} {
    aspect-ratio: 297 / 210;
    padding: ${({ theme }) => theme.space.md};
  }

  @media print {
    width: 297mm;
    height: 210mm;
    max-width: none;
    aspect-ratio: auto;
    margin: 0;
    padding: 10mm;
    border-radius: 0;
    box-shadow: none;
    break-inside: avoid;
    page-break-inside: avoid;
    overflow: hidden;
  }
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  height: 100%;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border: 3px double ${({ theme }) => theme.colors.accent};
  outline: 1px solid ${({ theme }) => theme.colors.border};
  outline-offset: 6px;
  text-align: center;
  background: radial-gradient(40rem 18rem at 50% 0%, ${({ theme }) => theme.colors.accentSoft}, transparent 70%), ${({ theme }) => theme.colors.surface};

  @media print {
    padding: 12mm 18mm;
    gap: 3mm;
  }
`;

const Brand = styled.p`
  color: ${({ theme }) => theme.colors.accent};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 700;
  letter-spacing: 0.2em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.sm};
  font-family: ${serif};
  font-size: clamp(1.6rem, 4.5vw, 2.75rem);
  font-weight: 700;
  letter-spacing: 0.01em;
`;

const Small = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Student = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0;
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${serif};
  font-size: clamp(1.6rem, 4vw, 2.5rem);
  font-style: italic;
  overflow-wrap: anywhere;
`;

const Course = styled.p`
  margin: ${({ theme }) => theme.space.xxs} 0;
  color: ${({ theme }) => theme.colors.accentHover};
  font-size: clamp(1.15rem, 2.6vw, 1.6rem);
  font-weight: 700;
`;

const Dates = styled.dl`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.xxl};
  margin: ${({ theme }) => theme.space.md} 0 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 600;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  width: 100%;
  margin-top: ${({ theme }) => theme.space.lg};

  @media screen and (max-width: 767px) {
    justify-content: center;
  }
`;

const Signature = styled.div`
  display: grid;
  justify-items: center;
  min-width: 12rem;
  font-size: ${({ theme }) => theme.fontSize.sm};

  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const SignatureName = styled.span`
  && {
    color: ${({ theme }) => theme.colors.text};
  }
  font-family: 'Brush Script MT', 'Segoe Script', 'Snell Roundhand', cursive;
  font-size: 1.75rem;
  line-height: 1.2;
`;

const Line = styled.span`
  display: block;
  width: 100%;
  height: 1px;
  margin: 2px 0 ${({ theme }) => theme.space.xxs};
  background: ${({ theme }) => theme.colors.text};
`;

const Verify = styled.div`
  display: grid;
  gap: 2px;
  max-width: 100%;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  text-align: right;

  code {
    font-family: ${({ theme }) => theme.font.mono};
    color: ${({ theme }) => theme.colors.text};
  }
  a {
    overflow-wrap: anywhere;
  }

  @media (max-width: 767px) {
    text-align: center;
    width: 100%;
  }
`;

const ToolbarActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};

  @media (max-width: 767px) {
    width: 100%;
    & > * {
      flex: 1 1 100%;
    }
  }
`;

const Qr = styled.div`
  justify-self: end;
  width: 5.5rem;
  margin-bottom: ${({ theme }) => theme.space.xxs};

  @media (max-width: 767px) {
    justify-self: center;
  }
  @media print {
    width: 26mm;
  }
`;
