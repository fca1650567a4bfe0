import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { expectedMicrosoftIssuer, identityFromClaims, MICROSOFT_CONSUMER_TENANT, pinnedTenant } from './claims.ts';
import { safeReturnTo } from './flows.ts';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-signin-')) });

describe('sign-in provider configuration', () => {
  it('is off unless both the client id and secret are set', () => {
    expect(loadConfig(base()).signInProviders).toEqual([]);
    expect(() => loadConfig({ ...base(), GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });

  it("defaults to Google's issuer and Microsoft's organizations tenant", () => {
    const config = loadConfig({ ...base(), GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs', MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 'ms' });
    expect(config.signInProviders).toMatchObject([
      { provider: 'google', issuer: 'https://accounts.google.com', insecureLoopback: false },
      { provider: 'microsoft', issuer: 'https://login.microsoftonline.com/organizations/v2.0', tenant: 'organizations' },
    ]);
    const tenant = loadConfig({ ...base(), MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 'ms', MICROSOFT_TENANT: 'oak.sch.uk' });
    expect(tenant.signInProviders[0]!.issuer).toBe('https://login.microsoftonline.com/oak.sch.uk/v2.0');
  });

  it('allows plain http only for a loopback issuer', () => {
    const google = { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs' };
    expect(loadConfig({ ...base(), ...google, GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).signInProviders[0]!.insecureLoopback).toBe(true);
    expect(loadConfig({ ...base(), ...google, GOOGLE_ISSUER: 'http://localhost:4000/' }).signInProviders[0]!.issuer).toBe('http://localhost:4000');
    expect(() => loadConfig({ ...base(), ...google, GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), ...google, GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
    expect(() => loadConfig({ ...base(), MICROSOFT_TENANT: '../evil' })).toThrow(/MICROSOFT_TENANT/);
  });
});

describe("Microsoft's tenant-templated issuer", () => {
  const template = 'https://login.microsoftonline.com/{tenantid}/v2.0';
  const tid = '72f988bf-86f1-41af-91ab-2d7cd011db47';

  it("is filled in with the token's own tenant", () => {
    expect(expectedMicrosoftIssuer(template, tid)).toBe(`https://login.microsoftonline.com/${tid}/v2.0`);
    expect(expectedMicrosoftIssuer(template, undefined)).toBeNull();
    expect(expectedMicrosoftIssuer(template, '../x')).toBeNull();
    expect(expectedMicrosoftIssuer('https://login.microsoftonline.com/abc/v2.0', tid)).toBe('https://login.microsoftonline.com/abc/v2.0');
  });

  it('refuses a token whose issuer is another tenant than its tid, or not the configured tenant', () => {
    const claims = { iss: `https://login.microsoftonline.com/${tid}/v2.0`, sub: 's', tid, preferred_username: 'a@oak.sch.uk' };
    expect(identityFromClaims('microsoft', claims, { discoveredIssuer: template, tenant: 'organizations' })).toMatchObject({
      email: 'a@oak.sch.uk',
      emailVerified: false,
    });
    const other = { ...claims, tid: MICROSOFT_CONSUMER_TENANT };
    expect(() => identityFromClaims('microsoft', other, { discoveredIssuer: template, tenant: 'organizations' })).toThrow(/does not match/);
    const elsewhere = '11111111-2222-3333-4444-555555555555';
    expect(() => identityFromClaims('microsoft', claims, { discoveredIssuer: template, tenant: elsewhere })).toThrow(/configured tenant/);
  });

  it('takes the sign-in name as proof only for a pinned tenant, the email claim only with xms_edov', () => {
    const claims = { iss: `https://login.microsoftonline.com/${tid}/v2.0`, sub: 's', tid, preferred_username: 'a@oak.sch.uk' };
    const verified = (extra: object, tenant: string, discoveredIssuer = template) =>
      identityFromClaims('microsoft', { ...claims, ...extra }, { discoveredIssuer, tenant });
    expect(verified({}, 'organizations')).toMatchObject({ email: 'a@oak.sch.uk', emailVerified: false });
    expect(verified({}, 'common')).toMatchObject({ emailVerified: false });
    expect(verified({}, tid)).toMatchObject({ email: 'a@oak.sch.uk', emailVerified: true });
    expect(verified({}, 'oak.onmicrosoft.com', claims.iss)).toMatchObject({ emailVerified: true });
    // xms_edov vouches for the email claim, not for a sign-in name elsewhere; only the boolean counts.
    expect(verified({ email: 'b@oak.sch.uk', xms_edov: true }, 'organizations')).toMatchObject({ email: 'b@oak.sch.uk', emailVerified: true });
    expect(verified({ email: 'b@oak.sch.uk', xms_edov: 'true' }, 'organizations')).toMatchObject({ email: 'b@oak.sch.uk', emailVerified: false });
    expect(verified({ email: 'b@oak.sch.uk', xms_edov: false }, 'organizations')).toMatchObject({ email: 'b@oak.sch.uk', emailVerified: false });
    expect(pinnedTenant('organizations', 'https://login.microsoftonline.com/oak.onmicrosoft.com/v2.0')).toBe(false);
    expect(pinnedTenant('Common', template)).toBe(false);
    expect(pinnedTenant(null, claims.iss)).toBe(false);
    expect(pinnedTenant('oak.onmicrosoft.com', template)).toBe(false);
  });

  it('never counts a personal account as verified', () => {
    const iss = `https://login.microsoftonline.com/${MICROSOFT_CONSUMER_TENANT}/v2.0`;
    const personal = { iss, sub: 's', tid: MICROSOFT_CONSUMER_TENANT, email: 'me@outlook.com', preferred_username: 'me@outlook.com', xms_edov: true };
    expect(identityFromClaims('microsoft', personal, { discoveredIssuer: template, tenant: 'common' })).toMatchObject({ emailVerified: false });
  });
});

describe("Google's hd claim", () => {
  const context = { discoveredIssuer: 'https://accounts.google.com', tenant: null };
  const claims = { iss: 'https://accounts.google.com', sub: 's', email: 'a@oak.sch.uk', email_verified: true };

  it('is the Workspace of the account, lower-cased, and null for a personal account or a Microsoft token', () => {
    expect(identityFromClaims('google', { ...claims, hd: ' Oak-Trust.ORG ' }, context).hostedDomain).toBe('oak-trust.org');
    expect(identityFromClaims('google', claims, context).hostedDomain).toBeNull();
    expect(identityFromClaims('google', { ...claims, hd: 42 }, context).hostedDomain).toBeNull();
    const tid = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    const microsoft = { iss: `https://login.microsoftonline.com/${tid}/v2.0`, sub: 's', tid, preferred_username: 'a@oak.sch.uk', hd: 'oak-trust.org' };
    expect(identityFromClaims('microsoft', microsoft, { discoveredIssuer: microsoft.iss, tenant: 'organizations' }).hostedDomain).toBeNull();
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/courses/3?tab=x', '/courses/3?tab=x'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['/ok\nSet-Cookie: x', '/'],
    [['/a', '/b'], '/'],
    [undefined, '/'],
  ])('%s → %s', (input, expected) => expect(safeReturnTo(input)).toBe(expected));
});
