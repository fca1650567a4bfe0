import type { SsoTestResultDto } from '@atrium/common';
import { badRequest, conflict } from '../errors.ts';
import { dialectOf, isUniqueViolation, type Db } from '../db/knex.ts';
import type { IdentityProvider } from '../db/tables.ts';
import { accountsOpenedBy, identityProviderOf, ownerWhere, providerCoversEmail, type ProviderOwner } from '../queries/identityProviders.ts';
import { schoolProviderMayOpen } from '../policies/signIns.ts';
import { hashToken } from '../services/tokens.ts';
import { ssoProviderKey } from '../services/signIn/claims.ts';
import { SignInError } from '../services/signIn/errors.ts';
import type { OidcIdentity } from '../services/sso/oidc.ts';
import type { SamlIdentity, SamlSettings } from '../services/sso/saml.ts';
import { inTransaction } from './schools/shared.ts';
import { signInWithProvider, type ProviderSignInOutcome } from './signInWithProvider.ts';
import type { MailBrand } from '../mail/render.ts';
import type { Mailer } from '../services/mail.ts';

/**
 * Connects (or replaces) the school's or trust's SAML provider. Replacing keeps the connection's
 * id, so the URLs its IT team entered at the provider stay right; the accounts it signed in stay
 * linked to it.
 */
export async function saveSamlProvider(db: Db, owner: ProviderOwner, settings: SamlSettings, now: number): Promise<IdentityProvider> {
  return saveProvider(db, owner, now, {
    kind: 'saml',
    entityId: settings.entityId,
    ssoUrl: settings.ssoUrl,
    certificates: settings.certificates.join(''),
    certificateExpiresAt: settings.certificateExpiresAt,
    issuer: null,
    clientId: null,
    clientSecret: null,
  });
}

/**
 * Connects (or replaces) the school's or trust's OpenID Connect issuer. `clientSecret` is the
 * secret already encrypted (services/sso/clientSecret.ts); null keeps the stored one, allowed
 * only when the stored connection is OIDC with the same issuer and client id.
 */
export async function saveOidcProvider(
  db: Db,
  owner: ProviderOwner,
  settings: { issuer: string; clientId: string; clientSecret: string | null },
  now: number,
): Promise<IdentityProvider> {
  let clientSecret = settings.clientSecret;
  if (clientSecret === null) {
    const existing = await identityProviderOf(db, owner);
    if (existing?.kind !== 'oidc' || existing.issuer !== settings.issuer || existing.clientId !== settings.clientId || !existing.clientSecret)
      throw badRequest('Enter the client secret.', { clientSecret: 'Enter the client secret your IT team registered for Atrium.' });
    clientSecret = existing.clientSecret;
  }
  return saveProvider(db, owner, now, {
    kind: 'oidc',
    entityId: null,
    ssoUrl: null,
    certificates: null,
    certificateExpiresAt: null,
    issuer: settings.issuer,
    clientId: settings.clientId,
    clientSecret,
  });
}

type ProviderValues = Pick<IdentityProvider, 'kind' | 'entityId' | 'ssoUrl' | 'certificates' | 'certificateExpiresAt' | 'issuer' | 'clientId' | 'clientSecret'>;

const SETTINGS = ['kind', 'entityId', 'ssoUrl', 'certificates', 'issuer', 'clientId', 'clientSecret'] as const;

/**
 * Saves the settings. Settings that differ from the stored ones clear the last test and turn
 * "required" off: staff must not be locked out behind settings nobody has seen work.
 */
async function saveProvider(db: Db, owner: ProviderOwner, now: number, provider: ProviderValues): Promise<IdentityProvider> {
  const write = () =>
    inTransaction(db, async (trx) => {
      const existing = await trx('identityProviders').where(ownerWhere(owner)).first();
      const changed = !existing || SETTINGS.some((key) => (existing[key] ?? null) !== (provider[key] ?? null));
      const values = { ...provider, updatedAt: now, ...(changed ? { required: false, lastTestAt: null, lastTestOk: null, lastTestResult: null } : {}) };
      if (existing) {
        // Another provider (not a new certificate or secret for the same one): the subjects it
        // linked meant people at the old provider, so the links go; people link again by address.
        if (existing.kind !== values.kind || existing.entityId !== values.entityId || existing.issuer !== values.issuer)
          await trx('userIdentities')
            .where({ provider: ssoProviderKey(Number(existing.id)) })
            .delete();
        await trx('identityProviders').where({ id: existing.id }).update(values);
      } else await trx('identityProviders').insert({ ...ownerWhere(owner), ...values, createdAt: now });
    });
  try {
    await write();
  } catch (error) {
    // Two managers saving at once: the unique key lets one insert; the other updates it.
    if (!isUniqueViolation(error)) throw error;
    await write();
  }
  return (await identityProviderOf(db, owner))!;
}

/** Disconnects the provider; its links to accounts go with it (people sign in another way). */
export async function deleteIdentityProvider(db: Db, owner: ProviderOwner): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const existing = await trx('identityProviders').where(ownerWhere(owner)).first('id');
    if (!existing) return false;
    await trx('userIdentities')
      .where({ provider: ssoProviderKey(Number(existing.id)) })
      .delete();
    await trx('ssoAssertions').where({ connectionId: existing.id }).delete();
    await trx('identityProviders').where({ id: existing.id }).delete();
    return true;
  });
}

/**
 * Spends an assertion: its ID is stored (hashed) until it could no longer be accepted, and a
 * second use is refused, so a response captured from a log, a proxy or a browser's history does
 * not sign anyone in again.
 */
export async function spendAssertion(db: Db, connectionId: number, assertionId: string, usableUntil: number, now: number): Promise<void> {
  await db('ssoAssertions').where('expiresAt', '<', now).delete();
  try {
    await db('ssoAssertions').insert({ connectionId, assertionHash: hashToken(assertionId), expiresAt: Math.max(usableUntil, now) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SignInError('expired', `assertion ${assertionId} was already used`);
    throw error;
  }
}

type SignInDeps = { mailer: Mailer; brand: MailBrand; now: number };

/** A test sign-in's outcome as the panel shows it (without its time, which the row keeps). */
export type SsoTestOutcome = Omit<SsoTestResultDto, 'at'>;

/** Keeps the outcome of a manager's "Test sign-in" on the connection, for its panel. */
export async function recordTestSignIn(db: Db, connectionId: number, outcome: SsoTestOutcome, now: number): Promise<void> {
  await db('identityProviders')
    .where({ id: connectionId })
    .update({ lastTestAt: now, lastTestOk: outcome.ok, lastTestResult: JSON.stringify(outcome) });
}

/**
 * Turns "staff must sign in with the school's provider" on or off. On needs a test sign-in that
 * passed since the settings were saved (409 otherwise): a provider nobody has seen work must not
 * lock a whole staff out. Off is always allowed.
 */
export async function setSignInRequired(db: Db, owner: ProviderOwner, required: boolean, now: number): Promise<IdentityProvider> {
  return inTransaction(db, async (trx) => {
    const query = trx('identityProviders').where(ownerWhere(owner)).first();
    // MariaDB: the row is held until the change commits (SQLite's one writer already serialises).
    const row = await (dialectOf(trx) === 'mysql' ? query.forUpdate() : query);
    if (!row) throw conflict('Connect your provider first.');
    if (required && !row.lastTestOk)
      throw conflict('Run “Test sign-in” first: staff can be required to use the provider only once a test sign-in through it has passed.');
    await trx('identityProviders').where({ id: row.id }).update({ required, updatedAt: now });
    return { ...row, required, updatedAt: now };
  });
}

/**
 * The checks between a provider's verified answer and a session: the provider gave an address,
 * the address is on a proven domain of the connection's organisation (a school's provider speaks
 * for its own staff only), and neither the account linked to this subject nor the account with
 * this address is an admin (a school's IT team must not be able to open the agency's accounts).
 * A SAML assertion is spent here, once; an OIDC code is spent by the issuer's token endpoint.
 * A command for that spending; the rows it checks are read by queries/ and judged by policies/.
 */
export async function vouchFor(db: Db, connection: IdentityProvider, identity: SamlIdentity | OidcIdentity, now: number): Promise<string> {
  if ('assertionId' in identity) await spendAssertion(db, connection.id, identity.assertionId, identity.usableUntil, now);
  if (!identity.email) throw new SignInError('no_email', 'the assertion carries no e-mail address (NameID or email attribute)');
  if (!(await providerCoversEmail(db, connection, identity.email)))
    throw new SignInError('sso_domain', `${identity.email} is not on a proven domain of connection ${connection.id}'s organisation`);
  const { linked, byEmail } = await accountsOpenedBy(db, connection.id, identity.subject, identity.email);
  if (!schoolProviderMayOpen([linked, byEmail]))
    throw new SignInError('sso_admin', `an admin account (${identity.email}) cannot be opened by a school provider`);
  // The account linked to this subject must be one the organisation still speaks for: after its
  // school left the trust, or its domain went to another school, the provider's word about some
  // other address of its own must not keep opening it.
  if (linked && !(await providerCoversEmail(db, connection, linked.email)))
    throw new SignInError(
      'sso_domain',
      `the account linked to this subject (${linked.email}) is no longer on a proven domain of connection ${connection.id}'s organisation`,
    );
  return identity.email;
}

/**
 * Signs in the person a school's provider vouched for, by the rules of Google / Microsoft sign-in
 * (commands/signInWithProvider.ts), once `vouchFor`'s checks hold. The provider vouches for the
 * address it sends: its organisation proved it owns the domain.
 */
export async function signInWithSchoolProvider(
  db: Db,
  deps: SignInDeps,
  connection: IdentityProvider,
  saml: SamlIdentity | OidcIdentity,
): Promise<ProviderSignInOutcome> {
  const email = await vouchFor(db, connection, saml, deps.now);
  return signInWithProvider(db, deps, {
    provider: ssoProviderKey(connection.id),
    subject: saml.subject,
    email,
    emailVerified: true,
    givenName: saml.givenName,
    familyName: saml.familyName,
    hostedDomain: null,
  });
}
