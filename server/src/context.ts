import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { AfterAnswer } from './services/afterAnswer.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Db } from './db/knex.ts';
import type { User } from './models/User.ts';
import type { Mailer } from './services/mail.ts';
import type { PasswordHasher } from './services/passwords.ts';
import type { RateLimits } from './middlewares/rateLimit.ts';
import type { PaymentProvider } from './services/payments.ts';
import type { CatalogueCache } from './services/catalogue.ts';
import type { Clock } from './services/clock.ts';
import type { CredentialSigner } from './services/credentialSigner.ts';
import type { SignInClients } from './services/signIn/oidcClients.ts';
import type { TxtResolver } from './services/dns.ts';
import type { FileStorage } from './services/storage/index.ts';
import type { PortalPages } from './services/portalPages.ts';
import type { ResumableUploads } from './services/uploads/tus.ts';

/** Everything a request handler may reach outside itself; built once in createApp(). */
export interface AppDeps {
  config: Config;
  /** "Now" for dates that matter (deadlines, jobs, invoices); tests move it. */
  clock: Clock;
  database: Database;
  /** The query builder: `database.knex`. */
  db: Db;
  catalogue: CatalogueCache;
  logger: Logger;
  mailer: Mailer;
  passwords: PasswordHasher;
  limits: RateLimits;
  /** Null when Stripe keys are not configured: card payment is then unavailable. */
  payments: PaymentProvider | null;
  /** Signs the Open Badges credentials with CREDENTIAL_SIGNING_KEY. */
  credentials: CredentialSigner;
  /** School sign-in providers (OpenID Connect); empty when none is configured. */
  signIn: SignInClients;
  /** TXT look-ups that prove a school's domain claim; tests replace it with their own answers. */
  dns: TxtResolver;
  /** Uploaded files (resources): disk under STORAGE_DIR, or the S3 bucket. */
  storage: FileStorage;
  /** The portal's pages the server writes: the landing page rendered with its content, the app's shell. */
  pages: PortalPages;
  /** Resumable (tus) uploads of submission files, staged beside the storage until finished. */
  uploads: ResumableUploads;
  /** Work a request starts without waiting for it, so its answer time gives nothing away (a reset link's mail). */
  afterAnswer: AfterAnswer;
}

export interface AppState {
  requestId: string;
  log: Logger;
  /** The signed-in user, loaded once per request by the session middleware. */
  user: User | null;
  /** The user the session store read with the session (null: the session's user is gone), for loadUser. */
  sessionUser?: { userId: number; user: User | null };
}

export interface AppContextExtensions {
  deps: AppDeps;
  /** Now on the app's clock (`deps.clock`), in epoch milliseconds: how a handler reads the time, so tests can move it. */
  now(): number;
  input: unknown;
  session: AppSession | null;
}

export type AppContext = ParameterizedContext<AppState, AppContextExtensions>;

/** The slice of koa-session's Session this app uses. */
export interface AppSession {
  userId?: number;
  signedInAt?: number;
  /** A confirmed "Connect <provider>" on /profile, until `until` (routes/api/user/signIns.ts; routes/api/auth/providers.ts spends it). */
  linkGrant?: { provider: string; until: number };
  regenerate(): Promise<void> | undefined;
  [key: string]: unknown;
}
