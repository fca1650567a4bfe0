import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { signInProvidersFromEnv, type SignInProviderConfig } from './config/signInProviders.ts';
import type { StorageConfig } from './services/storage/index.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every variable the server reads; docs/operations/configuration.md is generated from it and config/variables.ts. */
export const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^mysql2?:\/\//, 'DATABASE_URL must be a mysql:// URL')
    .optional(),
  SQLITE_FILE: z.string().default('./data/atrium.sqlite'),
  SESSION_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED_DEMO: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  MAIL_FROM: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  CORS_ORIGINS: z.string().default('*'),
  BRAND_NAME: z.string().default('Atrium School Marketing'),
  DIRECTOR_NAME: z.string().default('Alex Morgan'),
  CPD_YEAR_START_MONTH: z.coerce.number().int().min(1).max(12).default(9),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  // A hop count; `true`/`yes` are the old boolean and mean 1 (see trustedProxyHops).
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|true|false|yes|no)$/, 'TRUST_PROXY must be the number of proxies in front of Atrium (0, 1, 2 …)')
    .default('0'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATA_DIR: z.string().default('./data'),
  CREDENTIAL_SIGNING_KEY: z.string().optional(),
  INVOICE_SELLER_NAME: z.string().max(200).optional(),
  INVOICE_SELLER_ADDRESS: z.string().max(1000).optional(),
  INVOICE_SELLER_VAT_NUMBER: z
    .string()
    .transform((value) => value.toUpperCase().replace(/[\s.-]/g, ''))
    .refine((value) => /^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(value), 'INVOICE_SELLER_VAT_NUMBER must be a UK VAT number such as GB123456789')
    .optional(),
  INVOICE_SELLER_EMAIL: z.email().optional(),
  INVOICE_PAYMENT_TERMS_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  INVOICE_PAYMENT_DETAILS: z.string().max(1000).optional(),
  REMINDERS_ENABLED: bool.default(true),
  SCHEDULER_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(60),
  INVITE_MAIL_DAILY_CAP: z.coerce.number().int().min(1).max(100_000).default(1000),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'MICROSOFT_TENANT must be a tenant id, a domain, organizations or common')
    .optional(),
  MICROSOFT_ISSUER: z.string().optional(),
  STORAGE_DIR: z.string().default('./data/files'),
  /** Unfinished resumable uploads with the disk storage (S3 keeps them in the bucket under uploads/). */
  UPLOAD_STAGING_DIR: z.string().optional(),
  /** What one account's finished submission files may take, every round of every assignment (issue 50.8). */
  SUBMISSION_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(5120),
  UNCONFIRMED_STORAGE_QUOTA_MB: z.coerce.number().int().min(0).max(10_000_000).default(100),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a URL such as https://s3.example.com').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
});

export type EnvironmentVariable = keyof typeof envSchema.shape;

export interface Config {
  env: string;
  isProduction: boolean;
  port: number;
  publicUrl: string;
  database: { client: 'sqlite'; filename: string } | { client: 'mysql'; url: string };
  sessionKeys: string[];
  admin: { email: string; password: string } | null;
  seedDemo: boolean;
  smtpUrl: string | null;
  supportEmail: string;
  mailFrom: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | null; apiUrl: string | null } | null;
  corsOrigins: '*' | string[];
  brandName: string;
  directorName: string;
  /** The month (1–12) school years start on for CPD totals (issue 59): 9 in the UK, 7 for a US July–June year. */
  cpdYearStartMonth: number;
  rateLimitMultiplier: number;
  /**
   * How many proxies in front of Atrium append to X-Forwarded-For (0 = none: the socket's address
   * is the caller). Exactly that many right-most entries are believed; the rest is client-written.
   */
  trustProxyHops: number;
  /** Settings that still work but should be changed; index.ts logs them at start-up. */
  notices: string[];
  /** Rate limits are shared between instances through Redis when set; in memory otherwise. */
  redisUrl: string | null;
  logLevel: string;
  passwordHashConcurrency: number;
  /** PKCS#8 PEM (EC P-256 or RSA ≥ 2048 bits) that signs the Open Badges credentials. */
  credentialSigningKey: string;
  /** The agency as invoices and receipts name it; `\n` in the address starts a new line. */
  invoiceSeller: { name: string; address: string | null; vatNumber: string | null; email: string; paymentTermsDays: number; paymentDetails: string | null };
  /** Deadline reminders and the managers' digest (the scheduler runs only when true). */
  remindersEnabled: boolean;
  /** How often an instance looks for due scheduled jobs. */
  schedulerIntervalS: number;
  /** School sign-in (OpenID Connect): the configured providers only; empty = no buttons. */
  signInProviders: SignInProviderConfig[];
  /** Invitation mails one school's managers may send per UTC day (roster, invite by e-mail, resends). */
  inviteMailDailyCap: number;
  /** Uploaded files (resources): a folder on this machine, or an S3-compatible bucket when `S3_BUCKET` is set. */
  storage: StorageConfig;
  /** Where unfinished resumable (tus) uploads wait with the disk storage: `<DATA_DIR>/uploads` by default. */
  uploadStagingDir: string;
  /** Bytes one account's files (finished submission files and CPD evidence) may take in storage (`SUBMISSION_STORAGE_QUOTA_MB`, 5 GB by default). */
  submissionStorageQuota: number;
  /** The same for an account whose address nobody has confirmed yet (`UNCONFIRMED_STORAGE_QUOTA_MB`, 100 MB by default; never more than the other). */
  unconfirmedStorageQuota: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; every other module receives the result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  let sessionKeys: string[];
  if (e.SESSION_SECRET) {
    sessionKeys = e.SESSION_SECRET.split(',')
      .map((key) => key.trim())
      .filter(Boolean);
  } else if (isProduction) {
    throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production');
  } else {
    sessionKeys = [persistedSecret(resolve(e.DATA_DIR, 'session-secret'))];
  }

  let credentialSigningKey: string;
  if (e.CREDENTIAL_SIGNING_KEY) {
    credentialSigningKey = checkedSigningKey(e.CREDENTIAL_SIGNING_KEY.replace(/\\n/g, '\n'));
  } else if (isProduction) {
    throw new ConfigError('CREDENTIAL_SIGNING_KEY is required when NODE_ENV=production');
  } else {
    credentialSigningKey = persistedSigningKey(resolve(e.DATA_DIR, 'credential-signing-key.pem'));
  }

  const notices: string[] = [];
  const trustProxyHops = trustedProxyHops(e.TRUST_PROXY);
  if (e.TRUST_PROXY === 'true' || e.TRUST_PROXY === 'yes') {
    notices.push(
      'TRUST_PROXY=true is read as TRUST_PROXY=1 (one proxy in front of Atrium). Set the number of proxies instead, e.g. TRUST_PROXY=2 behind a CDN and a load balancer.',
    );
  }

  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const signIn = signInProvidersFromEnv(e);
  if (signIn.problems.length) throw new ConfigError(`Invalid configuration:\n${signIn.problems.map((problem) => `  ${problem}`).join('\n')}`);

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    publicUrl,
    database: e.DATABASE_URL ? { client: 'mysql', url: e.DATABASE_URL } : { client: 'sqlite', filename: e.SQLITE_FILE },
    sessionKeys,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <${e.SUPPORT_EMAIL}>`,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    corsOrigins: e.CORS_ORIGINS.trim() === '*' ? '*' : e.CORS_ORIGINS.split(',').map((o) => o.trim().replace(/\/+$/, '')),
    brandName: e.BRAND_NAME,
    directorName: e.DIRECTOR_NAME,
    cpdYearStartMonth: e.CPD_YEAR_START_MONTH,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    trustProxyHops,
    notices,
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    credentialSigningKey,
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME ?? e.BRAND_NAME,
      // Outside production a demo address, so invoices can be tried; in production issuing one
      // without the real address is refused (routes/billingDocuments.ts).
      address: e.INVOICE_SELLER_ADDRESS?.replace(/\\n/g, '\n') ?? (isProduction ? null : `1 Demo Street\nLondon EC1A 1AA\nUnited Kingdom`),
      vatNumber: e.INVOICE_SELLER_VAT_NUMBER ?? null,
      email: e.INVOICE_SELLER_EMAIL ?? e.SUPPORT_EMAIL,
      paymentTermsDays: e.INVOICE_PAYMENT_TERMS_DAYS,
      paymentDetails: e.INVOICE_PAYMENT_DETAILS?.replace(/\\n/g, '\n') ?? null,
    },
    remindersEnabled: e.REMINDERS_ENABLED,
    schedulerIntervalS: e.SCHEDULER_INTERVAL_S,
    inviteMailDailyCap: e.INVITE_MAIL_DAILY_CAP,
    signInProviders: signIn.providers,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? null,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'disk', dir: resolve(e.STORAGE_DIR) },
    uploadStagingDir: resolve(e.UPLOAD_STAGING_DIR ?? resolve(e.DATA_DIR, 'uploads')),
    submissionStorageQuota: e.SUBMISSION_STORAGE_QUOTA_MB * 1024 * 1024,
    unconfirmedStorageQuota: Math.min(e.UNCONFIRMED_STORAGE_QUOTA_MB, e.SUBMISSION_STORAGE_QUOTA_MB) * 1024 * 1024,
  };
}

/**
 * The boolean this setting once was trusted the whole X-Forwarded-For header, whose left-most
 * entry the client writes; `true` now means one proxy, the common case it was set for.
 */
function trustedProxyHops(value: string): number {
  if (value === 'true' || value === 'yes') return 1;
  if (value === 'false' || value === 'no') return 0;
  return Number(value);
}

/** A development secret generated once and kept, so sessions survive restarts. */
function persistedSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The key must sign with an algorithm 1EdTech's validator accepts: ES256 (P-256) or RS256. */
function checkedSigningKey(pem: string): string {
  let key;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new ConfigError('CREDENTIAL_SIGNING_KEY must be a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)');
  }
  const details = key.asymmetricKeyDetails;
  const usable =
    key.asymmetricKeyType === 'ec' ? details?.namedCurve === 'prime256v1' : key.asymmetricKeyType === 'rsa' && (details?.modulusLength ?? 0) >= 2048;
  if (!usable) throw new ConfigError('CREDENTIAL_SIGNING_KEY must be an EC P-256 key (ES256) or an RSA key of at least 2048 bits (RS256)');
  return pem;
}

/** Outside production, a P-256 key generated once and kept, so credentials keep verifying across restarts. */
function persistedSigningKey(file: string): string {
  if (existsSync(file)) return checkedSigningKey(readFileSync(file, 'utf8'));
  mkdirSync(dirname(file), { recursive: true });
  const pem = generateCredentialSigningKey();
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}

/** A new P-256 signing key as PKCS#8 PEM (what `CREDENTIAL_SIGNING_KEY` holds). */
export function generateCredentialSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}
