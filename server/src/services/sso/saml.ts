import { X509Certificate } from 'node:crypto';
import { SAML, SamlStatusError, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { normalizedEmailOrNull } from '@atrium/common';
import { badRequest } from '../../errors.ts';
import { SignInError } from '../signIn/errors.ts';

/** At most this much difference between the provider's clock and ours (the contract's limit). */
export const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;
const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Our end of one connection, as the school's IT team enters it at their provider. */
export interface ServiceProviderUrls {
  /** Our entity ID: the metadata URL (the contract fixes it so). */
  spEntityId: string;
  acsUrl: string;
  metadataUrl: string;
  /** A direct sign-in link (for the school's intranet). */
  startUrl: string;
}

export function serviceProviderUrls(publicUrl: string, connectionId: number): ServiceProviderUrls {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/auth/sso/${connectionId}`;
  return { spEntityId: `${base}/metadata`, acsUrl: `${base}/acs`, metadataUrl: `${base}/metadata`, startUrl: `${base}/start` };
}

/** The IdP's side of a SAML connection, checked. */
export interface SamlSettings {
  entityId: string;
  ssoUrl: string;
  /** PEM certificates, each on its own. */
  certificates: string[];
  /** The earliest expiry among them (ms). */
  certificateExpiresAt: number;
}

const refuse = (field: string, sentence: string) => badRequest(sentence, { [field]: sentence });

/** What a connection keeps of the provider (migration 041's columns): longer would not be stored whole. */
const SETTING_MAX = 1000;
/** Signing certificates a connection keeps: the current one and the next during a rollover, with room to spare. */
export const MAX_SIGNING_CERTIFICATES = 10;
/** Their PEM text together (a TEXT column holds 65,535 bytes). */
const CERTIFICATES_MAX_CHARS = 60_000;

/**
 * What a manager entered, checked field by field: metadata XML (the IdP's EntityDescriptor), or
 * the entity ID, the single sign-on URL and the signing certificate. Every certificate must parse
 * and still be valid at `now`.
 */
export function samlSettingsFrom(input: { metadataXml?: string; entityId?: string; ssoUrl?: string; certificate?: string }, now: number): SamlSettings {
  let entityId: string;
  let ssoUrl: string;
  let pems: string[];
  let certificateField = 'certificate';
  if (input.metadataXml) {
    ({ entityId, ssoUrl, pems } = readMetadata(input.metadataXml));
    certificateField = 'metadataXml';
  } else {
    if (!input.entityId) throw refuse('entityId', 'Enter the provider’s entity ID (or paste its metadata XML).');
    if (!input.ssoUrl) throw refuse('ssoUrl', 'Enter the provider’s single sign-on URL (or paste its metadata XML).');
    if (!input.certificate) throw refuse('certificate', 'Paste the provider’s signing certificate (PEM).');
    entityId = input.entityId;
    ssoUrl = input.ssoUrl;
    pems = pemBlocks(input.certificate);
    if (!pems.length) throw refuse('certificate', 'The certificate must be in PEM form (-----BEGIN CERTIFICATE----- …).');
  }
  // Metadata XML names them with no bound of its own: checked here as the typed fields are.
  if (entityId.length > SETTING_MAX)
    throw refuse(input.metadataXml ? 'metadataXml' : 'entityId', `The provider’s entity ID is longer than ${SETTING_MAX} characters.`);
  if (ssoUrl.length > SETTING_MAX)
    throw refuse(input.metadataXml ? 'metadataXml' : 'ssoUrl', `The single sign-on URL is longer than ${SETTING_MAX} characters.`);
  if (pems.length > MAX_SIGNING_CERTIFICATES)
    throw refuse(
      certificateField,
      `The provider lists ${pems.length} signing certificates; Atrium keeps at most ${MAX_SIGNING_CERTIFICATES}. Remove the ones it no longer signs with.`,
    );
  const urlProblem = ssoUrlProblem(ssoUrl);
  if (urlProblem) throw refuse(input.metadataXml ? 'metadataXml' : 'ssoUrl', `The single sign-on URL ${urlProblem}.`);
  let certificateExpiresAt = Infinity;
  const certificates = pems.map((pem) => {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw refuse(certificateField, 'The certificate could not be read: paste the whole PEM block, BEGIN and END lines included.');
    }
    const validTo = Date.parse(certificate.validTo);
    if (!(validTo > now)) throw refuse(certificateField, `The certificate expired on ${certificate.validTo}. Ask your IT team for the current one.`);
    certificateExpiresAt = Math.min(certificateExpiresAt, validTo);
    return certificate.toString();
  });
  if (certificates.join('').length > CERTIFICATES_MAX_CHARS)
    throw refuse(certificateField, 'The signing certificates are too large to keep together: remove the ones the provider no longer signs with.');
  return { entityId, ssoUrl, certificates, certificateExpiresAt };
}

/** Why a single sign-on URL is refused, or null: https, or plain http on a loopback address (tests, local IdPs). */
function ssoUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL';
  }
  if (url.hash || url.username || url.password) return 'must not carry a fragment or credentials';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return null;
  return 'must start with https://';
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const pemBlocks = (text: string) => text.match(PEM_BLOCK) ?? [];
const base64ToPem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

/**
 * The IdP's entity ID, its HTTP-Redirect single sign-on URL and its signing certificates from its
 * metadata. Only a manager's own paste is read here (never an assertion); xmldom loads no
 * external entities or DTDs.
 */
function readMetadata(xml: string): { entityId: string; ssoUrl: string; pems: string[] } {
  const problems: string[] = [];
  const doc = new DOMParser({
    errorHandler: (level: string, message: unknown) => void (level !== 'warning' && problems.push(String(message))),
  }).parseFromString(xml, 'text/xml');
  if (problems.length || !doc?.documentElement) throw refuse('metadataXml', 'The metadata is not well-formed XML.');
  const descriptors = Array.from(doc.getElementsByTagNameNS(MD, 'EntityDescriptor')).filter(
    (entity) => entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor').length > 0,
  );
  if (descriptors.length !== 1)
    throw refuse('metadataXml', 'The metadata must describe exactly one identity provider (an EntityDescriptor with an IDPSSODescriptor).');
  const entity = descriptors[0]!;
  const entityId = entity.getAttribute('entityID')?.trim();
  if (!entityId) throw refuse('metadataXml', 'The metadata has no entityID.');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0]!;
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find((service) => service.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = sso?.getAttribute('Location')?.trim();
  if (!ssoUrl) throw refuse('metadataXml', 'The metadata has no SingleSignOnService with the HTTP-Redirect binding.');
  const pems = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((certificate) => base64ToPem(certificate.textContent ?? ''));
  if (!pems.length) throw refuse('metadataXml', 'The metadata has no signing certificate (KeyDescriptor use="signing").');
  return { entityId, ssoUrl, pems: [...new Set(pems)] };
}

/** A stored SAML connection, as the checks need it. */
export interface SamlConnection {
  id: number;
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** The request this browser started (its flow, already claimed within its lifetime by the app clock). */
export interface SamlRequest {
  requestId: string;
}

function samlFor(connection: SamlConnection, urls: ServiceProviderUrls, cacheProvider?: CacheProvider): SAML {
  return new SAML({
    idpCert: connection.certificates,
    issuer: urls.spEntityId,
    audience: urls.spEntityId,
    callbackUrl: urls.acsUrl,
    entryPoint: connection.ssoUrl,
    identifierFormat: null,
    // A RequestedAuthnContext of "password" would refuse people who sign in with a passkey or MFA.
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // Either the Response or the Assertion must carry a valid signature by the connection's
    // certificate; node-saml then reads only the XML that signature covers.
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    ...(cacheProvider && { cacheProvider }),
  });
}

/** Where to send the browser: the IdP's single sign-on URL with a deflated AuthnRequest (HTTP-Redirect), and the request's ID. */
export async function authnRequestUrl(connection: SamlConnection, urls: ServiceProviderUrls, relayState: string): Promise<{ url: string; requestId: string }> {
  let requestId = '';
  const cache: CacheProvider = {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const url = await samlFor(connection, urls, cache).getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requestId) throw new Error('node-saml made no request ID');
  return { url, requestId };
}

/** Our SP metadata for one connection (unsigned: we sign no requests and want no encryption). */
export function serviceProviderMetadata(connection: SamlConnection, urls: ServiceProviderUrls): string {
  return samlFor(connection, urls).generateServiceProviderMetadata(null, null);
}

/** Who the provider says signed in, read from the signed assertion only. */
export interface SamlIdentity {
  assertionId: string;
  /** Until when the assertion could be accepted (ms), for the replay store. */
  usableUntil: number;
  subject: string;
  nameId: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

type XmlJs = { $?: Record<string, string>; _?: string; [child: string]: unknown };
const children = (node: XmlJs | undefined, name: string): XmlJs[] => {
  const value = node?.[name];
  return Array.isArray(value) ? (value as XmlJs[]) : [];
};
const firstText = (value: unknown, max: number): string | null => {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' && one.trim() ? one.trim().slice(0, max) : null;
};

/**
 * Checks a posted SAMLResponse against the connection and the request this browser started, and
 * returns who it names. node-saml checks the signature (by the connection's certificates only,
 * one signed Response or Assertion, exactly one assertion, the signature's reference being that
 * very element), InResponseTo, the time window (with SAML_CLOCK_SKEW_MS) and the Audience; the
 * profile it returns is read from the signed XML. Then here, on that signed assertion: the
 * Issuer is the connection's entity ID, a bearer SubjectConfirmationData names our ACS as its
 * Recipient and this very request as its InResponseTo. The Response's Destination, when present,
 * must be our ACS (read only to refuse, never to learn anything). Every failure is a SignInError.
 */
export async function validateSamlResponse(
  connection: SamlConnection,
  urls: ServiceProviderUrls,
  samlResponse: string,
  request: SamlRequest,
): Promise<SamlIdentity> {
  const cache: CacheProvider = {
    saveAsync: async () => null,
    // The flow's own expiry was checked when it was claimed; node-saml's age check on top sees it as new.
    getAsync: async (key) => (key === request.requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  const saml = samlFor(connection, urls, cache);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw classify(error);
  }
  if (!profile) throw new SignInError('invalid', 'the response carried no assertion');
  const destination = responseDestination(profile.getSamlResponseXml?.() ?? '');
  if (destination !== null && destination !== urls.acsUrl) throw new SignInError('invalid', `Destination ${destination} is not our ACS`);
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlJs } | undefined)?.Assertion;
  if (!assertion) throw new SignInError('invalid', 'no signed assertion');
  if (profile.issuer !== connection.entityId) throw new SignInError('invalid', `assertion issuer ${String(profile.issuer)} is not ${connection.entityId}`);
  const subject = children(assertion, 'Subject')[0];
  const confirmations = children(subject, 'SubjectConfirmation')
    .filter((confirmation) => confirmation.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .flatMap((confirmation) => children(confirmation, 'SubjectConfirmationData'));
  if (!confirmations.some((data) => data.$?.Recipient === urls.acsUrl))
    throw new SignInError('invalid', 'no bearer SubjectConfirmationData names our ACS as Recipient');
  if (!confirmations.some((data) => data.$?.Recipient === urls.acsUrl && data.$?.InResponseTo === request.requestId))
    throw new SignInError('invalid', 'the signed assertion does not answer the request this browser started');
  const assertionId = assertion.$?.ID;
  if (!assertionId) throw new SignInError('invalid', 'the assertion has no ID');
  const limits = [...children(assertion, 'Conditions').map((conditions) => conditions.$?.NotOnOrAfter), ...confirmations.map((data) => data.$?.NotOnOrAfter)]
    .map((value) => (value ? Date.parse(value) : NaN))
    .filter((value) => Number.isFinite(value));
  if (!limits.length) throw new SignInError('invalid', 'the assertion has no NotOnOrAfter: it would be valid forever');
  const usableUntil = Math.max(...limits) + SAML_CLOCK_SKEW_MS;
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const nameId = profile.nameID;
  if (!nameId) throw new SignInError('invalid', 'the assertion has no NameID');
  const email =
    normalizedEmailOrNull(nameId) ??
    normalizedEmailOrNull(firstText(attributes.email, 254)) ??
    normalizedEmailOrNull(firstText(attributes.mail, 254)) ??
    normalizedEmailOrNull(firstText(attributes['urn:oid:0.9.2342.19200300.100.1.3'], 254)) ??
    normalizedEmailOrNull(firstText(attributes['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'], 254));
  const pick = (...names: string[]) => names.map((name) => firstText(attributes[name], 100)).find((value) => value !== null) ?? null;
  return {
    assertionId,
    usableUntil,
    // A transient NameID changes at every sign-in: the address is then the lasting subject.
    subject: (profile.nameIDFormat === TRANSIENT ? (email ?? nameId) : nameId).slice(0, 255),
    nameId,
    email,
    givenName: pick('givenName', 'urn:oid:2.5.4.42', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'firstName'),
    familyName: pick('sn', 'surname', 'urn:oid:2.5.4.4', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'lastName'),
  };
}

/** The Response element's Destination attribute, or null (parse problems were already refused by node-saml). */
function responseDestination(xml: string): string | null {
  const doc = new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml');
  const root = doc?.documentElement;
  return root?.hasAttribute('Destination') ? root.getAttribute('Destination') : null;
}

/** node-saml's refusal as a sign-in outcome; the reason goes to the log. */
function classify(error: unknown): SignInError {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof SamlStatusError) return new SignInError('cancelled', `the provider answered with an error status: ${reason}`, { cause: error });
  // node-saml says "No valid subject confirmation" when every SubjectConfirmationData is outside its time window.
  if (/expired|not yet valid|too old|no valid subject confirmation/i.test(reason)) return new SignInError('expired', reason, { cause: error });
  return new SignInError('invalid', reason, { cause: error });
}
