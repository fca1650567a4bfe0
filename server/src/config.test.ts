import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, generateCredentialSigningKey, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'atrium-config-'));

describe('loadConfig', () => {
  it('has working defaults: SQLite, port 3000, PUBLIC_URL from the port', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ client: 'sqlite', filename: './data/atrium.sqlite' });
    expect(config.stripe).toBeNull();
    expect(config.corsOrigins).toBe('*');
  });

  it('generates a development session secret once and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionKeys).toEqual(second.sessionKeys);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionKeys[0]);
  });

  it('requires SESSION_SECRET in production and reads rotation keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'new, old', CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey() }).sessionKeys).toEqual([
      'new',
      'old',
    ]);
  });

  it('uses MySQL for a mysql:// DATABASE_URL and refuses other schemes', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://u:p@db:3306/atrium' }).database).toEqual({
      client: 'mysql',
      url: 'mysql://u:p@db:3306/atrium',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'a@b.test' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_MULTIPLIER: '0' })).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });

  it('reads CORS origins and Stripe keys', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'https://school.example/, https://agency.example',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      PUBLIC_URL: 'https://atrium.example/',
    });
    expect(config.corsOrigins).toEqual(['https://school.example', 'https://agency.example']);
    expect(config.stripe?.publishableKey).toBe('pk_test_x');
    expect(config.publicUrl).toBe('https://atrium.example');
  });

  it('requires CREDENTIAL_SIGNING_KEY in production, refuses a key that cannot sign ES256 or RS256, and keeps a generated one', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'key' })).toThrow(/CREDENTIAL_SIGNING_KEY is required/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CREDENTIAL_SIGNING_KEY: 'not a key' })).toThrow(/PKCS#8 PEM/);
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ DATA_DIR: dataDir(), CREDENTIAL_SIGNING_KEY: weak })).toThrow(/P-256 key \(ES256\) or an RSA key/);
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadConfig({ DATA_DIR: dataDir(), CREDENTIAL_SIGNING_KEY: p384 })).toThrow(ConfigError);
    const key = generateCredentialSigningKey();
    // A PEM pasted into one line of an .env file, with literal \n, is read as the same key.
    expect(loadConfig({ DATA_DIR: dataDir(), CREDENTIAL_SIGNING_KEY: key.replace(/\n/g, '\\n') }).credentialSigningKey).toBe(key);
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).credentialSigningKey;
    expect(first).toContain('BEGIN PRIVATE KEY');
    expect(loadConfig({ DATA_DIR: dir }).credentialSigningKey).toBe(first);
    expect(readFileSync(join(dir, 'credential-signing-key.pem'), 'utf8')).toBe(first);
  });

  it('runs reminders every 60 s by default, and reads REMINDERS_ENABLED and SCHEDULER_INTERVAL_S', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ remindersEnabled: true, schedulerIntervalS: 60 });
    expect(loadConfig({ DATA_DIR: dataDir(), REMINDERS_ENABLED: 'false', SCHEDULER_INTERVAL_S: '15' })).toMatchObject({
      remindersEnabled: false,
      schedulerIntervalS: 15,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SCHEDULER_INTERVAL_S: '0' })).toThrow(/SCHEDULER_INTERVAL_S/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REMINDERS_ENABLED: 'maybe' })).toThrow(/REMINDERS_ENABLED/);
  });
});
