import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { signInProvidersFromEnv, type SignInProviderConfig } from './services/signIn/providerConfig.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
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
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  TRUST_PROXY: bool.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  DATA_DIR: z.string().default('./data'),
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
});

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
  rateLimitMultiplier: number;
  trustProxy: boolean;
  /** Rate limits are shared between instances through Redis when set; in memory otherwise. */
  redisUrl: string | null;
  logLevel: string;
  passwordHashConcurrency: number;
  /** School sign-in (OpenID Connect): the configured providers only; empty = no buttons. */
  signInProviders: SignInProviderConfig[];
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

  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
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
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL ?? null,
    logLevel: e.LOG_LEVEL,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    signInProviders: signIn.providers,
  };
}

/** A development secret generated once and kept, so sessions survive restarts. */
function persistedSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
