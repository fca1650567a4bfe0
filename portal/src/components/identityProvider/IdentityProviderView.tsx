import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { IdentityProviderDto } from '@atrium/common';
import { formatInstantDate } from '@atrium/common/rules/dates';
import { Badge } from '../Badge.tsx';
import { Button } from '../Button.tsx';
import { Form, TextAreaField, TextField } from '../Field.tsx';
import { Panel, PanelHeader, PanelLead, ProblemText } from '../Panel.ts';
import { LoadingState } from '../Loading.tsx';

const DAY = 86_400_000;
/** A certificate this close to its expiry is flagged (the provider must publish the new one first). */
export const CERTIFICATE_WARNING_DAYS = 30;

export type ProviderFormValues = { metadataXml: string; entityId: string; ssoUrl: string; certificate: string };
export type ProviderFormErrors = Partial<Record<keyof ProviderFormValues, string>>;

export interface IdentityProviderViewProps {
  /** "school" or "trust": said in the sentences. */
  owner: 'school' | 'trust';
  state: 'loading' | 'failed' | 'ready';
  /** The server's sentence when the provider could not be read. */
  failedText?: string;
  provider: IdentityProviderDto | null;
  /** Now (ms), for the certificate's countdown. */
  now: number;
  values: ProviderFormValues;
  errors: ProviderFormErrors;
  onChange(name: keyof ProviderFormValues, value: string): void;
  onSave(event: FormEvent): void;
  saving: boolean;
  onRemove(): void;
  removing: boolean;
}

/**
 * "Your own sign-in" on /school and /trust: connect a SAML 2.0 provider (its metadata XML, or
 * entity ID, single sign-on URL and certificate), what to give the IT team, and when the
 * provider's certificate expires. Props only: IdentityProviderPanel reads and writes.
 */
export function IdentityProviderView(props: IdentityProviderViewProps) {
  const { owner, state, provider } = props;
  return (
    <Panel aria-labelledby="identity-provider-title">
      <PanelHeader>
        <h2 id="identity-provider-title">Sign-in with your {owner}’s provider</h2>
        {provider && <Badge $tone="success">Connected</Badge>}
      </PanelHeader>
      <PanelLead>
        Staff with addresses on your {owner}’s proven domains can sign in through your identity provider (SAML 2.0: Entra ID, Okta, ADFS, Google Workspace,
        ClassLink, Shibboleth…). Their first sign-in adds them to the {owner === 'school' ? 'school' : 'school their address belongs to'}.
      </PanelLead>
      {state === 'loading' && <LoadingState label="Loading the sign-in settings" />}
      {state === 'failed' && <ProblemText role="alert">{props.failedText ?? 'The sign-in settings could not be loaded.'}</ProblemText>}
      {state === 'ready' && provider && <Connected {...props} provider={provider} />}
      {state === 'ready' && <ProviderForm {...props} />}
    </Panel>
  );
}

function Connected({ provider, now, onRemove, removing }: IdentityProviderViewProps & { provider: IdentityProviderDto }) {
  const daysLeft = Math.floor((provider.certificateExpiresAt - now) / DAY);
  const expiry = formatInstantDate(provider.certificateExpiresAt);
  return (
    <Section>
      <h3>Your provider</h3>
      <Facts>
        <dt>Entity ID</dt>
        <dd>{provider.entityId}</dd>
        <dt>Single sign-on URL</dt>
        <dd>{provider.ssoUrl}</dd>
        <dt>Signing certificate</dt>
        <dd>
          {daysLeft < 0 ? (
            <Badge $tone="danger">Expired on {expiry}</Badge>
          ) : daysLeft <= CERTIFICATE_WARNING_DAYS ? (
            <>
              <Badge $tone="warning">Expires in {daysLeft === 1 ? '1 day' : `${daysLeft} days`}</Badge> on {expiry}: paste the new certificate or metadata below
              before then, or staff cannot sign in.
            </>
          ) : (
            <>Valid until {expiry}</>
          )}
        </dd>
      </Facts>
      <h3>What to give your IT team</h3>
      <Facts>
        <dt>Entity ID (audience)</dt>
        <dd>
          <Code>{provider.spEntityId}</Code>
        </dd>
        <dt>ACS URL (HTTP-POST)</dt>
        <dd>
          <Code>{provider.acsUrl}</Code>
        </dd>
        <dt>Metadata URL</dt>
        <dd>
          <Code>{provider.metadataUrl}</Code>
        </dd>
        <dt>Sign-in link for your intranet</dt>
        <dd>
          <Code>{provider.startUrl}</Code>
        </dd>
        <dt>What we read</dt>
        <dd>
          <ul>
            {provider.attributes.map((attribute) => (
              <li key={attribute}>{attribute}</li>
            ))}
          </ul>
        </dd>
      </Facts>
      <div>
        <Button variant="danger" size="sm" onClick={onRemove} disabled={removing}>
          {removing ? 'Disconnecting…' : 'Disconnect the provider'}
        </Button>
      </div>
    </Section>
  );
}

function ProviderForm({ provider, values, errors, onChange, onSave, saving }: IdentityProviderViewProps) {
  const [manual, setManual] = useState(false);
  const field = (name: keyof ProviderFormValues) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { currentTarget: { value: string } }) => onChange(name, event.currentTarget.value),
  });
  return (
    <Section>
      <h3>{provider ? 'Replace the provider’s settings' : 'Connect your provider'}</h3>
      <Form onSubmit={onSave} noValidate>
        {manual ? (
          <>
            <TextField label="Entity ID" hint="The provider’s identifier (Issuer), e.g. https://sts.windows.net/…/" {...field('entityId')} />
            <TextField label="Single sign-on URL" hint="HTTP-Redirect binding; https://" inputMode="url" {...field('ssoUrl')} />
            <TextAreaField label="Signing certificate" hint="PEM, with its BEGIN and END lines" rows={6} spellCheck={false} {...field('certificate')} />
          </>
        ) : (
          <TextAreaField
            label="Provider metadata (XML)"
            hint="Download it from your provider’s admin console and paste it here, or upload the file."
            rows={6}
            spellCheck={false}
            {...field('metadataXml')}
          />
        )}
        <Actions>
          {!manual && (
            <FileLabel>
              Upload metadata file
              <input
                type="file"
                accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (file) void file.text().then((text) => onChange('metadataXml', text));
                }}
              />
            </FileLabel>
          )}
          <Button variant="ghost" size="sm" onClick={() => setManual(!manual)}>
            {manual ? 'Paste metadata instead' : 'Enter the settings by hand'}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : provider ? 'Save the new settings' : 'Connect'}
          </Button>
        </Actions>
      </Form>
    </Section>
  );
}

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};

  h3 {
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 12rem) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
  }

  @media (max-width: 600px) {
    grid-template-columns: minmax(0, 1fr);
    dd {
      margin-bottom: ${({ theme }) => theme.space.sm};
    }
  }
`;

const Code = styled.code`
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const FileLabel = styled.label`
  position: relative;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.accent};
  text-decoration: underline;
  font-size: ${({ theme }) => theme.fontSize.sm};

  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
