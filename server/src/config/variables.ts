import type { EnvironmentVariable } from '../config.ts';

/**
 * What each environment variable of `envSchema` (config.ts) does, for people who run Atrium.
 * docs/operations/configuration.md is generated from this and the schema (`npm run docs:config`);
 * a variable added to the schema without a line here fails the type check, and a stale document
 * fails `configurationDoc.test.ts`.
 */
export interface VariableDoc {
  group: VariableGroup;
  /** What it does, in Markdown; one paragraph. */
  meaning: string;
  /** The default in words, for a variable whose schema has none (computed, generated or derived from another). */
  defaultText?: string;
}

export const VARIABLE_GROUPS = [
  'The site',
  'Database',
  'Secrets and sessions',
  'Admins and demo data',
  'Mail',
  'Card payments (Stripe)',
  'Invoices',
  'Reminders, scheduler and invitations',
  'Sign-in with Google / Microsoft',
  'Uploaded files',
  'Behind a proxy, several instances',
  'Logs and tuning',
] as const;
export type VariableGroup = (typeof VARIABLE_GROUPS)[number];

export const CONFIG_VARIABLES: Record<EnvironmentVariable, VariableDoc> = {
  NODE_ENV: {
    group: 'The site',
    meaning:
      '`production` requires `SESSION_SECRET` and `CREDENTIAL_SIGNING_KEY`, never creates the demo learner, leaves `INVOICE_SELLER_ADDRESS` without a demo value, logs only the recipient and subject of mail without `SMTP_URL`, and sends HSTS over HTTPS. Anything else is a development or test run.',
  },
  PORT: { group: 'The site', meaning: 'The HTTP port. `0` takes any free port; the address is printed at start-up.' },
  PUBLIC_URL: {
    group: 'The site',
    defaultText: '`http://localhost:$PORT`',
    meaning:
      'The site’s origin as people reach it: used in e-mails, certificate and credential links (a credential’s `kid` is a URL on it, so keep an old address answering if it changes) and the CSRF origin check. Use `https://` in production so cookies are `Secure`.',
  },
  BRAND_NAME: { group: 'The site', meaning: 'The agency’s name in the portal, e-mails and certificates.' },
  DIRECTOR_NAME: { group: 'The site', meaning: 'The director named in the signature block of certificates.' },
  CPD_YEAR_START_MONTH: {
    group: 'The site',
    meaning:
      'The month (1–12) a school year starts on, for the CPD hours totalled per school year on each person’s transcript (`/transcript`). `9`: 1 September–31 August, as in the UK; `7`: 1 July–30 June, as many US districts count.',
  },
  SUPPORT_EMAIL: { group: 'The site', meaning: 'Where contact messages go; shown on the site, and the default sender and invoice contact address.' },
  CORS_ORIGINS: {
    group: 'The site',
    meaning: 'Comma-separated origins allowed to call the public widget and credential endpoints from the browser (a school’s website), or `*` for any.',
  },
  DATABASE_URL: {
    group: 'Database',
    defaultText: 'unset: SQLite',
    meaning: '`mysql://user:pass@host:port/db` to use MySQL or MariaDB (see [mariadb.md](mariadb.md)); unset, the embedded SQLite file `SQLITE_FILE` is used.',
  },
  SQLITE_FILE: { group: 'Database', meaning: 'The SQLite database file, used when `DATABASE_URL` is unset.' },
  DATA_DIR: {
    group: 'Database',
    meaning:
      'Where the server keeps what it generates outside production: the session secret, the credential signing key and, with the disk storage, unfinished uploads (`uploads/`).',
  },
  SESSION_SECRET: {
    group: 'Secrets and sessions',
    defaultText: 'generated once into `$DATA_DIR/session-secret`',
    meaning:
      'Keys that sign the session cookie and unsubscribe links, comma-separated, newest first: prepend a new key to rotate, and old cookies and links keep working until the old key is removed. Required with `NODE_ENV=production`; give every instance the same value.',
  },
  CREDENTIAL_SIGNING_KEY: {
    group: 'Secrets and sessions',
    defaultText: 'generated once into `$DATA_DIR/credential-signing-key.pem`',
    meaning:
      'The PKCS#8 PEM private key (EC P-256 → ES256, or RSA ≥ 2048 bits → RS256) that signs the Open Badges credentials; a one-line value may carry literal `\\n`. Required with `NODE_ENV=production`. Rotating it: [credentials](../features/credentials.md).',
  },
  ADMIN_EMAIL: {
    group: 'Admins and demo data',
    meaning:
      'With `ADMIN_PASSWORD`: at start-up make sure this admin account exists. Created if missing; an existing account is promoted only when its address is verified (otherwise start-up stops and says what to do), and its password is left alone. More admins: [admins.md](admins.md).',
  },
  ADMIN_PASSWORD: {
    group: 'Admins and demo data',
    meaning: 'The password of the `ADMIN_EMAIL` account when it is created (at least 8 characters); both or neither.',
  },
  SEED_DEMO: {
    group: 'Admins and demo data',
    meaning: 'Seed the four demo courses when there are no courses, and, outside production, the demo learner. `false` turns both off.',
  },
  SMTP_URL: {
    group: 'Mail',
    defaultText: 'unset: mail to the log',
    meaning:
      '`smtp://user:pass@host:port` or `smtps://…`. Unset, mail is written to the log (outside production) and kept in the `outbox` table. For bulk reminders add `?pool=true` to keep connections open.',
  },
  MAIL_FROM: { group: 'Mail', defaultText: '`$BRAND_NAME <$SUPPORT_EMAIL>`', meaning: 'The sender of outgoing mail.' },
  STRIPE_SECRET_KEY: {
    group: 'Card payments (Stripe)',
    meaning: 'Stripe’s secret key. With `STRIPE_PUBLISHABLE_KEY`, turns card payment on; without them checkout offers an invoice request only.',
  },
  STRIPE_PUBLISHABLE_KEY: { group: 'Card payments (Stripe)', meaning: 'Stripe’s publishable key, sent to the browser for the Payment Element.' },
  STRIPE_WEBHOOK_SECRET: {
    group: 'Card payments (Stripe)',
    meaning:
      'The signing secret of the webhook endpoint `PUBLIC_URL/api/stripe/webhook` (event `payment_intent.succeeded`). Without it payments are still confirmed when the buyer returns to the site.',
  },
  STRIPE_API_URL: {
    group: 'Card payments (Stripe)',
    defaultText: 'Stripe’s own',
    meaning: 'The base URL of the Stripe API (tests point it at a loopback fake).',
  },
  INVOICE_SELLER_NAME: { group: 'Invoices', defaultText: '`$BRAND_NAME`', meaning: 'The seller named on invoices and receipts.' },
  INVOICE_SELLER_ADDRESS: {
    group: 'Invoices',
    defaultText: 'a demo address outside production; unset in production',
    meaning: 'The seller’s postal address on invoices (`\\n` starts a new line). In production, issuing an invoice without it answers 503.',
  },
  INVOICE_SELLER_VAT_NUMBER: { group: 'Invoices', meaning: 'The agency’s UK VAT number on invoices (`GB123456789`; its shape is checked at start-up).' },
  INVOICE_SELLER_EMAIL: { group: 'Invoices', defaultText: '`$SUPPORT_EMAIL`', meaning: 'The address invoices and receipts give for questions.' },
  INVOICE_PAYMENT_TERMS_DAYS: { group: 'Invoices', meaning: 'Days from the issue date to the due date printed on invoices.' },
  INVOICE_PAYMENT_DETAILS: {
    group: 'Invoices',
    meaning: 'How to pay, printed under the totals (a bank account, say; `\\n` starts a new line). Unset, Issue invoice warns the admin.',
  },
  REMINDERS_ENABLED: {
    group: 'Reminders, scheduler and invitations',
    meaning:
      'Run the scheduled jobs: deadline and certificate-expiry reminders, the managers’ weekly digest and the Insights rollup. `false`: none of them runs (no reminder is sent); only the hourly clean-up of unfinished uploads does.',
  },
  SCHEDULER_INTERVAL_S: {
    group: 'Reminders, scheduler and invitations',
    meaning: 'How often, in seconds, each instance looks for due scheduled jobs (a lease lets one instance at a time run each).',
  },
  INVITE_MAIL_DAILY_CAP: {
    group: 'Reminders, scheduler and invitations',
    meaning:
      'Invitation e-mails one school’s managers may send per UTC day (Add staff, Invite by e-mail and resends together). A batch that does not fit is refused whole with a 429 saying how many are left; admins are not capped.',
  },
  GOOGLE_CLIENT_ID: {
    group: 'Sign-in with Google / Microsoft',
    meaning: 'With `GOOGLE_CLIENT_SECRET`: shows “Continue with Google” on `/auth`. Setting up the client: [sign-in](../features/sign-in.md).',
  },
  GOOGLE_CLIENT_SECRET: { group: 'Sign-in with Google / Microsoft', meaning: 'The Google OAuth client’s secret; both or neither.' },
  GOOGLE_ISSUER: {
    group: 'Sign-in with Google / Microsoft',
    defaultText: '`https://accounts.google.com`',
    meaning: 'The OpenID Connect issuer used as “Google” (tests and private deployments point it elsewhere); `https` except on a loopback address.',
  },
  MICROSOFT_CLIENT_ID: {
    group: 'Sign-in with Google / Microsoft',
    meaning: 'With `MICROSOFT_CLIENT_SECRET`: shows “Continue with Microsoft” on `/auth`.',
  },
  MICROSOFT_CLIENT_SECRET: { group: 'Sign-in with Google / Microsoft', meaning: 'The Entra application’s client secret; both or neither.' },
  MICROSOFT_TENANT: {
    group: 'Sign-in with Google / Microsoft',
    defaultText: '`organizations`',
    meaning:
      '`organizations` (any work or school account), `common` (personal accounts too, whose addresses never count as verified), or your tenant id or domain. Pinned to your own tenant, a sign-in name (`preferred_username`) proves an address; otherwise only an `email` claim that Microsoft marks verified (`xms_edov`) does.',
  },
  MICROSOFT_ISSUER: {
    group: 'Sign-in with Google / Microsoft',
    defaultText: '`https://login.microsoftonline.com/$MICROSOFT_TENANT/v2.0`',
    meaning: 'The OpenID Connect issuer used as “Microsoft”; `https` except on a loopback address.',
  },
  STORAGE_DIR: {
    group: 'Uploaded files',
    meaning: 'Where uploaded files (resources, submissions) are kept on this machine when `S3_BUCKET` is unset. See [storage.md](storage.md).',
  },
  UPLOAD_STAGING_DIR: {
    group: 'Uploaded files',
    defaultText: '`$DATA_DIR/uploads`',
    meaning: 'Where unfinished resumable uploads wait with the disk storage (with S3 they wait in the bucket under `uploads/`).',
  },
  SUBMISSION_STORAGE_QUOTA_MB: {
    group: 'Uploaded files',
    meaning:
      'What one account’s files may take in storage, in MB: its assignment submission files (every round and draft counted) and the evidence on its external CPD entries, together. An upload past it is refused with 413, saying how much is used and allowed.',
  },
  UNCONFIRMED_STORAGE_QUOTA_MB: {
    group: 'Uploaded files',
    meaning:
      'The same quota, in MB, for an account whose e-mail address is not confirmed yet (at most `SUBMISSION_STORAGE_QUOTA_MB`): accounts cost nothing to make, so throwaway ones must not each get the full quota. The refusal asks the person to confirm their address.',
  },
  S3_BUCKET: {
    group: 'Uploaded files',
    meaning: 'Keep uploaded files in this S3-compatible bucket instead of `STORAGE_DIR`: needed when several instances run.',
  },
  S3_ENDPOINT: { group: 'Uploaded files', defaultText: 'Amazon S3', meaning: 'The S3-compatible service’s URL (MinIO, Ceph, Cloudflare R2, Scaleway …).' },
  S3_REGION: { group: 'Uploaded files', meaning: 'The bucket’s region.' },
  S3_ACCESS_KEY_ID: {
    group: 'Uploaded files',
    meaning: 'The bucket’s access key, with `S3_SECRET_ACCESS_KEY` (both or neither; neither = the AWS SDK’s own chain: environment, instance or task role).',
  },
  S3_SECRET_ACCESS_KEY: { group: 'Uploaded files', meaning: 'The secret of `S3_ACCESS_KEY_ID`.' },
  S3_FORCE_PATH_STYLE: {
    group: 'Uploaded files',
    meaning: '`true` for services that want `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most self-hosted ones).',
  },
  TRUST_PROXY: {
    group: 'Behind a proxy, several instances',
    meaning:
      'How many proxies (load balancer, CDN) in front of Atrium append to `X-Forwarded-For`: `1` behind one TLS-terminating proxy, `2` behind a CDN and a load balancer. Exactly that many right-most entries are believed, and `X-Forwarded-Proto`/`-Host` are read so cookies are `Secure`. `0`: the socket’s address is the caller. Too high lets a client choose its own address; too low counts everyone as the proxy. The old `true` still means `1`, with a start-up warning.',
  },
  REDIS_URL: {
    group: 'Behind a proxy, several instances',
    meaning: '`redis://host:port`: rate limits shared by every instance. Unset, each instance counts in its own memory.',
  },
  RATE_LIMIT_MULTIPLIER: {
    group: 'Logs and tuning',
    meaning: 'Multiplies every rate limit (load tests and test suites raise it); must be above 0, so it cannot turn the limits off.',
  },
  LOG_LEVEL: { group: 'Logs and tuning', meaning: 'The pino log level.' },
  PASSWORD_HASH_CONCURRENCY: { group: 'Logs and tuning', meaning: 'argon2id hashes computed at once (each uses 19 MiB).' },
};
