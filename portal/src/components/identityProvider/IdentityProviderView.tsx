import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { signInErrorMessage, type IdentityProviderDto, type SsoTestResultDto } from '@atrium/common';
import { formatDateTime, formatInstantDate } from '@atrium/common/rules/dates';
import { Badge } from '../Badge.tsx';
import { Button, ButtonAnchor } from '../Button.tsx';
import { CheckboxField } from '../CheckboxField.tsx';
import { Form, TextAreaField, TextField } from '../Field.tsx';
import { Panel, PanelHeader, PanelLead } from '../Panel.ts';
import { QueryState, type ReadState } from '../QueryState.tsx';

const DAY = 86_400_000;
/** A certificate this close to its expiry is flagged (the provider must publish the new one first). */
export const CERTIFICATE_WARNING_DAYS = 30;

export type ProviderFormValues = {
  /** Which kind of provider the form connects. */
  kind: 'saml' | 'oidc';
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};
export type ProviderFormErrors = Partial<Record<keyof ProviderFormValues, string>>;

/** What an OpenID Connect connection reads from the id token. */
const OIDC_CLAIMS_READ = [
  'Scopes openid email profile',
  'email (on your proven domains; email_verified must not be false)',
  'given_name, family_name (optional)',
];

export interface IdentityProviderViewProps {
  /** "school" or "trust": said in the sentences. */
  owner: 'school' | 'trust';
  /** The connected provider (null: none yet), as read. */
  provider: ReadState<IdentityProviderDto | null>;
  /** Now (ms), for the certificate's countdown. */
  now: number;
  values: ProviderFormValues;
  errors: ProviderFormErrors;
  onChange<Name extends keyof ProviderFormValues>(name: Name, value: ProviderFormValues[Name]): void;
  onSave(event: FormEvent): void;
  saving: boolean;
  onRemove(): void;
  removing: boolean;
  /** Where "Test sign-in" goes (the provider, then back to this page with `ssoTest=passed|failed`). */
  testUrl: string;
  /** Back from a test just now: its result is brought into view. */
  justTested: boolean;
  onRequiredChange(required: boolean): void;
  requiredSaving: boolean;
}

/** The view's props with the provider read and connected. */
type ShownProvider = Omit<IdentityProviderViewProps, 'provider'> & { provider: IdentityProviderDto };

/**
 * "Your own sign-in" on /school and /trust: connect a SAML 2.0 provider (its metadata XML, or
 * entity ID, single sign-on URL and certificate) or an OpenID Connect issuer (issuer, client id
 * and secret), what to give the IT team, and when the
 * provider's certificate expires. Props only: IdentityProviderPanel reads and writes.
 */
export function IdentityProviderView(props: IdentityProviderViewProps) {
  const { owner, provider: read } = props;
  return (
    <Panel aria-labelledby="identity-provider-title">
      <PanelHeader>
        <h2 id="identity-provider-title">Sign-in with your {owner}’s provider</h2>
        {read.state === 'ready' && read.data && <Badge $tone="success">Connected</Badge>}
      </PanelHeader>
      <PanelLead>
        Staff with addresses on your {owner}’s proven domains can sign in through your identity provider (SAML 2.0 or OpenID Connect: Entra ID, Okta, ADFS,
        Google Workspace, ClassLink, Shibboleth, Keycloak…). Their first sign-in adds them to the{' '}
        {owner === 'school' ? 'school' : 'school their address belongs to'}.
      </PanelLead>
      <QueryState read={read} size="panel" loading="Loading the sign-in settings" failed="The sign-in settings could not be loaded.">
        {(provider) => (
          <>
            {provider && <Connected {...props} provider={provider} />}
            <ProviderForm {...props} provider={provider} />
          </>
        )}
      </QueryState>
    </Panel>
  );
}

function Connected(props: ShownProvider) {
  const { provider, now, onRemove, removing } = props;
  const oidc = provider.kind === 'oidc';
  return (
    <Section>
      <h3>Your provider</h3>
      <Facts>
        {oidc ? (
          <>
            <dt>Protocol</dt>
            <dd>OpenID Connect</dd>
            <dt>Issuer</dt>
            <dd>{provider.issuer}</dd>
            <dt>Client ID</dt>
            <dd>{provider.clientId}</dd>
            <dt>Client secret</dt>
            <dd>Stored encrypted; never shown again</dd>
          </>
        ) : (
          <>
            <dt>Protocol</dt>
            <dd>SAML 2.0</dd>
            <dt>Entity ID</dt>
            <dd>{provider.entityId}</dd>
            <dt>Single sign-on URL</dt>
            <dd>{provider.ssoUrl}</dd>
            <dt>Signing certificate</dt>
            <dd>{provider.certificateExpiresAt !== null && <CertificateExpiry expiresAt={provider.certificateExpiresAt} now={now} />}</dd>
          </>
        )}
      </Facts>
      <h3>What to give your IT team</h3>
      <Facts>
        {oidc ? (
          <>
            <dt>Redirect URI</dt>
            <dd>
              <Code>{provider.redirectUri}</Code>
            </dd>
          </>
        ) : (
          <>
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
          </>
        )}
        <dt>Sign-in link for your intranet</dt>
        <dd>
          <Code>{provider.startUrl}</Code>
        </dd>
        <dt>What we read</dt>
        <dd>
          <ul>
            {(oidc ? OIDC_CLAIMS_READ : provider.attributes).map((attribute) => (
              <li key={attribute}>{attribute}</li>
            ))}
          </ul>
        </dd>
      </Facts>
      <TestAndRequire {...props} provider={provider} />
      <div>
        <Button variant="danger" size="sm" onClick={onRemove} disabled={removing}>
          {removing ? 'Disconnecting…' : 'Disconnect the provider'}
        </Button>
      </div>
    </Section>
  );
}

/**
 * "Test sign-in", its last result, and "staff must sign in with it", which needs a passed test:
 * a provider nobody has seen work must not lock a whole staff out.
 */
function TestAndRequire({ owner, provider, now, testUrl, justTested, onRequiredChange, requiredSaving }: ShownProvider) {
  const passed = provider.lastTest?.ok === true;
  return (
    <>
      <h3>Test, then require</h3>
      <p>Sign in at your provider as any member of staff, or as yourself: every check runs, nobody is signed in here, and you stay signed in as you are.</p>
      <TestResult result={provider.lastTest} now={now} focus={justTested} />
      <div>
        <ButtonAnchor variant="secondary" size="sm" href={testUrl}>
          Test sign-in
        </ButtonAnchor>
      </div>
      <CheckboxField
        label={`Staff must sign in with the ${owner}’s provider`}
        hint={
          passed || provider.required
            ? `Password, Google and Microsoft sign-in are turned off for addresses on your proven domains. The agency’s administrators are never locked out. Saving new settings turns this off until a test passes again.`
            : 'Run a test sign-in that passes first.'
        }
        checked={provider.required}
        disabled={requiredSaving || (!passed && !provider.required)}
        onChange={(event) => onRequiredChange(event.currentTarget.checked)}
      />
    </>
  );
}

function TestResult({ result, now, focus }: { result: SsoTestResultDto | null; now: number; focus: boolean }) {
  if (!result) return <Muted>Not tested since these settings were saved.</Muted>;
  const when = formatDateTime(result.at, undefined, now);
  const who = [result.name, result.email].filter(Boolean).join(', ');
  return (
    <Result role="status" $ok={result.ok} tabIndex={-1} ref={(element) => (focus ? element?.focus() : undefined)}>
      {result.ok ? (
        <p>
          <Badge $tone="success">Passed</Badge> {when}: your provider signed in {who}. Staff can sign in with it.
        </p>
      ) : (
        <>
          <p>
            <Badge $tone="danger">Failed</Badge> {when}
            {who ? ` (your provider sent ${who})` : ''}: {signInErrorMessage(result.failure?.code ?? 'failed')}
          </p>
          {result.failure?.detail && (
            <p>
              What the check found: <Code>{result.failure.detail}</Code>
            </p>
          )}
        </>
      )}
    </Result>
  );
}

function CertificateExpiry({ expiresAt, now }: { expiresAt: number; now: number }) {
  const daysLeft = Math.floor((expiresAt - now) / DAY);
  const expiry = formatInstantDate(expiresAt);
  if (daysLeft < 0) return <Badge $tone="danger">Expired on {expiry}</Badge>;
  if (daysLeft > CERTIFICATE_WARNING_DAYS) return <>Valid until {expiry}</>;
  return (
    <>
      <Badge $tone="warning">Expires in {daysLeft === 1 ? '1 day' : `${daysLeft} days`}</Badge> on {expiry}: paste the new certificate or metadata below before
      then, or staff cannot sign in.
    </>
  );
}

function ProviderForm({
  provider,
  values,
  errors,
  onChange,
  onSave,
  saving,
}: Omit<IdentityProviderViewProps, 'provider'> & { provider: IdentityProviderDto | null }) {
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
        <Choice role="radiogroup" aria-label="Protocol">
          {(['saml', 'oidc'] as const).map((kind) => (
            <label key={kind}>
              <input type="radio" name="kind" value={kind} checked={values.kind === kind} onChange={() => onChange('kind', kind)} />
              {kind === 'saml' ? 'SAML 2.0' : 'OpenID Connect'}
            </label>
          ))}
        </Choice>
        {values.kind === 'oidc' ? (
          <>
            <TextField
              label="Issuer"
              hint="https://… — discovery must answer at issuer/.well-known/openid-configuration"
              inputMode="url"
              {...field('issuer')}
            />
            <TextField label="Client ID" hint="Registered for Atrium at your provider, with the redirect URI shown once connected" {...field('clientId')} />
            <TextField
              label="Client secret"
              type="password"
              autoComplete="off"
              hint={provider?.kind === 'oidc' ? 'Leave empty to keep the stored secret (same issuer and client ID)' : 'Stored encrypted; never shown again'}
              {...field('clientSecret')}
            />
          </>
        ) : manual ? (
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
          {values.kind === 'saml' && !manual && (
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
          {values.kind === 'saml' && (
            <Button variant="ghost" size="sm" onClick={() => setManual(!manual)}>
              {manual ? 'Paste metadata instead' : 'Enter the settings by hand'}
            </Button>
          )}
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : provider ? 'Save the new settings' : 'Connect'}
          </Button>
        </Actions>
      </Form>
    </Section>
  );
}

const Choice = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
  }
`;

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

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Result = styled.div<{ $ok: boolean }>`
  display: grid;
  min-width: 0;
  /* An address or a check's detail is one long word: it wraps rather than pushing the page sideways. */
  overflow-wrap: anywhere;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  background: ${({ theme, $ok }) => ($ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
  border-radius: ${({ theme }) => theme.radius.sm};

  p {
    margin: 0;
  }
  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
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
