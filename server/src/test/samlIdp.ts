import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { TestClient, TestResponse } from './client.ts';

/** A key pair and its self-signed certificate, made by openssl for this test run. */
export interface TestKey {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and a self-signed certificate valid for `days`. */
export function makeTestKey(days = 30, commonName = 'test-idp'): TestKey {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-saml-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        String(days),
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { privateKey: readFileSync(join(dir, 'key.pem'), 'utf8'), certificate: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** What an AuthnRequest asked for, as the IdP reads it. */
export interface AuthnRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

/** Everything a response says; each can be bent to make one check fail. */
export interface AssertionOptions {
  inResponseTo?: string | null;
  /** The SubjectConfirmationData's InResponseTo, when it should differ from the Response's. */
  subjectInResponseTo?: string | null;
  destination?: string | null;
  recipient?: string;
  audience?: string;
  issuer?: string;
  nameId?: string;
  nameIdFormat?: string;
  attributes?: Record<string, string>;
  notBefore?: number;
  notOnOrAfter?: number;
  assertionId?: string;
  /** Which element carries the signature: the assertion (default), the whole response, or none. */
  sign?: 'assertion' | 'response' | 'none';
  /** The key that signs (default: the IdP's own). */
  key?: TestKey;
}

/**
 * A SAML 2.0 identity provider for the tests: it reads the AuthnRequest the app redirects to,
 * and answers with a Response signed (xml-crypto, RSA-SHA256, exclusive c14n, enveloped) by its
 * own key, made by openssl in the test. The XML is built by hand so each test can bend one part.
 */
export class TestSamlIdp {
  readonly entityId = 'https://idp.test/saml';
  readonly key = makeTestKey();

  /** `ssoUrl`: where the app sends browsers (a real page in the browser tests; never fetched in the server tests). */
  constructor(readonly ssoUrl = 'http://127.0.0.1:9/sso') {}

  metadataXml(): string {
    return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${this.entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(this.key.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${this.ssoUrl}/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  }

  /** Reads the AuthnRequest from the redirect the app answered /start with. */
  readRequest(location: string): AuthnRequest {
    const url = new URL(location);
    if (url.origin + url.pathname !== this.ssoUrl) throw new Error(`redirected to ${location}, not the IdP`);
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    const request = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent ?? '';
    return {
      id: request.getAttribute('ID')!,
      acsUrl: request.getAttribute('AssertionConsumerServiceURL')!,
      issuer,
      relayState: url.searchParams.get('RelayState')!,
    };
  }

  /** An Assertion element, unsigned. */
  assertionXml(request: AuthnRequest, options: AssertionOptions = {}): string {
    const now = Date.now();
    const id = options.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
    const notBefore = iso(options.notBefore ?? now - 30_000);
    const notOnOrAfter = iso(options.notOnOrAfter ?? now + 5 * 60_000);
    const subjectInResponseTo =
      options.subjectInResponseTo === undefined ? (options.inResponseTo === undefined ? request.id : options.inResponseTo) : options.subjectInResponseTo;
    const attributes = Object.entries(options.attributes ?? {})
      .map(([name, value]) => `<saml:Attribute Name="${escape(name)}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`)
      .join('');
    return (
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(now)}">` +
      `<saml:Issuer>${escape(options.issuer ?? this.entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="${options.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'}">${escape(options.nameId ?? 'someone@example.org')}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(options.recipient ?? request.acsUrl)}"${subjectInResponseTo ? ` InResponseTo="${subjectInResponseTo}"` : ''}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(options.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomBytes(8).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      `</saml:Assertion>`
    );
  }

  /** Signs the first element named `localName` in `xml` (enveloped, placed after its Issuer). */
  sign(xml: string, localName: 'Assertion' | 'Response', key: TestKey = this.key): string {
    const signer = new SignedXml({
      privateKey: key.privateKey,
      publicCert: key.certificate,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    });
    signer.addReference({
      xpath: `//*[local-name(.)='${localName}']`,
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
    signer.computeSignature(xml, { location: { reference: `//*[local-name(.)='${localName}']/*[local-name(.)='Issuer']`, action: 'after' } });
    return signer.getSignedXml();
  }

  /** A Response around `assertions` (already signed or not). */
  responseXml(request: AuthnRequest, assertions: string, options: AssertionOptions = {}): string {
    const inResponseTo = options.inResponseTo === undefined ? request.id : options.inResponseTo;
    const destination = options.destination === undefined ? request.acsUrl : options.destination;
    return (
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" IssueInstant="${iso(Date.now())}"` +
      `${destination ? ` Destination="${escape(destination)}"` : ''}${inResponseTo ? ` InResponseTo="${inResponseTo}"` : ''}>` +
      `<saml:Issuer>${escape(options.issuer ?? this.entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      assertions +
      `</samlp:Response>`
    );
  }

  /** A complete, signed answer to `request` (base64 as posted). */
  respond(request: AuthnRequest, options: AssertionOptions = {}): string {
    const sign = options.sign ?? 'assertion';
    const assertion = this.assertionXml(request, options);
    let xml = this.responseXml(request, sign === 'assertion' ? this.sign(assertion, 'Assertion', options.key) : assertion, options);
    if (sign === 'response') xml = this.sign(xml, 'Response', options.key);
    return Buffer.from(xml).toString('base64');
  }
}

/** Posts a SAMLResponse to the app's ACS as the provider's auto-submitting form would (a cross-site POST). */
export function postToAcs(client: TestClient, acsUrl: string, fields: { SAMLResponse: string; RelayState?: string }): Promise<TestResponse> {
  const url = new URL(acsUrl);
  const form = new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return client.request('POST', url.pathname, {
    raw: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.test', 'sec-fetch-site': 'cross-site' },
  });
}
