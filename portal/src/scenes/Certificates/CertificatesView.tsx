import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { CertificateListItemDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { Badge } from '../../components/Badge.tsx';
import { certificateUrl } from '../../components/certificateUrl.ts';
import { Button, ButtonAnchor, ButtonLink } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Container, PageHeading } from '../../components/Layout.tsx';
import { QueryState, type ReadState } from '../../components/QueryState.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';

/** The learner's certificates: still loading, the server's sentence with a retry, or the list. */
export type CertificatesState = ReadState<CertificateListItemDto[]>;

export interface CertificatesViewProps {
  certificates: CertificatesState;
  /** The learner has a name to print: without one a certificate is not shared, and `askForName` is shown. */
  named: boolean;
  /** The form that asks for the name on certificates (NameForCertificates, its own container). */
  askForName?: ReactNode;
  /** The site's public address, for the share links (the page's own origin until it is known). */
  publicUrl: string | undefined;
  /** Copies a certificate's share link and says so. */
  onCopy: (url: string) => void;
}

/** /certificates: every certificate the learner has earned, each with its share link. */
export function CertificatesView({ certificates, named, askForName, publicUrl, onCopy }: CertificatesViewProps) {
  return (
    <Container>
      <PageHeading
        title="My Certificates"
        lead="Certificates of completion for the courses you have finished."
        actions={
          <ButtonLink to="/transcript" variant="secondary">
            <Icon name="layers" size={18} /> My CPD transcript
          </ButtonLink>
        }
      />
      <QueryState read={certificates} contained={false} headingLevel={2} loading="Loading your certificates" failed="Your certificates could not be loaded">
        {(list) =>
          list.length === 0 ? (
            <StatusMessage icon="award" title="No certificates yet" actions={<ButtonLink to="/">Browse Courses</ButtonLink>}>
              <p>Complete courses to earn certificates of achievement</p>
            </StatusMessage>
          ) : (
            <>
              {named ? null : askForName}
              <Grid>
                {list.map((certificate) => (
                  <li key={certificate.id}>
                    <CertificateCard
                      certificate={certificate}
                      shareable={named}
                      url={certificateUrl(publicUrl, certificate.certificateNumber)}
                      onCopy={onCopy}
                    />
                  </li>
                ))}
              </Grid>
            </>
          )
        }
      </QueryState>
    </Container>
  );
}

function CertificateCard({
  certificate,
  shareable,
  url,
  onCopy,
}: {
  certificate: CertificateListItemDto;
  shareable: boolean;
  url: string;
  onCopy: (url: string) => void;
}) {
  const titleId = `certificate-${certificate.id}`;
  return (
    <Card aria-labelledby={titleId}>
      <Top>
        <Seal aria-hidden="true">
          <Icon name="award" size={28} />
        </Seal>
        <Badge $tone="success">{certificate.completionPercentage}% Complete</Badge>
      </Top>
      <h2 id={titleId}>{certificate.courseName}</h2>
      <Facts>
        <div>
          <dt>Completed</dt>
          <dd>{formatInstantDate(certificate.completedAt)}</dd>
        </div>
        <div>
          <dt>Certificate number</dt>
          <dd>
            <code>{certificate.certificateNumber}</code>
          </dd>
        </div>
      </Facts>
      {shareable ? (
        <Actions>
          <ButtonAnchor href={url} target="_blank" rel="noopener" size="sm">
            <Icon name="external" size={16} /> View Certificate
            <span className="visually-hidden"> (opens in a new tab)</span>
          </ButtonAnchor>
          <Button variant="secondary" size="sm" onClick={() => onCopy(url)}>
            <Icon name="copy" size={16} /> Copy share link
          </Button>
        </Actions>
      ) : null}
    </Card>
  );
}

const Grid = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
`;

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};

  h2 {
    font-size: ${({ theme }) => theme.fontSize.lg};
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Seal = styled.span`
  display: grid;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warning};
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  dd {
    margin: 0;
  }
  code {
    font-family: ${({ theme }) => theme.font.mono};
    font-size: ${({ theme }) => theme.fontSize.sm};
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  align-self: end;
`;
