import Koa from 'koa';
import compress from 'koa-compress';
import type { Logger } from 'pino';
import { AfterAnswer } from './services/afterAnswer.ts';
import type { Config } from './config.ts';
import type { AppContextExtensions, AppDeps, AppState } from './context.ts';
import type { Database } from './db/database.ts';
import { CatalogueCache } from './services/catalogue.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { CookieKeys } from './middlewares/cookieKeys.ts';
import { loadUser } from './middlewares/auth.ts';
import { widgetCors } from './middlewares/cors.ts';
import { errorHandler } from './middlewares/errors.ts';
import { jsonBody } from './middlewares/jsonBody.ts';
import { originCheck } from './middlewares/originCheck.ts';
import { connectRedis, RateLimits, redisLimiters, type LimiterFactory } from './middlewares/rateLimit.ts';
import { requestContext } from './middlewares/requestContext.ts';
import { sessionMiddleware } from './middlewares/session.ts';
import { buildRoutes } from './routes/index.ts';
import { Mailer } from './services/mail.ts';
import { createPasswordHasher, type PasswordHasher } from './services/passwords.ts';
import { staticFiles } from './middlewares/staticFiles.ts';
import { securityHeaders } from './middlewares/securityHeaders.ts';
import { createStripeProvider, type PaymentProvider } from './services/payments.ts';
import { CredentialSigner } from './services/credentialSigner.ts';
import { SignInClients } from './services/signIn/oidcClients.ts';
import { systemTxtResolver, type TxtResolver } from './services/dns.ts';
import { billingAttachments } from './services/documents/billingAttachments.ts';
import { createStorage, type FileStorage } from './services/storage/index.ts';
import { PortalPages } from './services/portalPages.ts';
import { createStaging } from './services/uploads/staging.ts';
import { ResumableUploads } from './services/uploads/tus.ts';
import { LARGEST_SUBMISSION_FILE, submissionUploads } from './routes/api/uploads/submissionUploads.ts';
import { tusDiscovery } from './routes/api/uploads/index.ts';
import { scimErrors } from './routes/scim/errors.ts';

export interface CreateAppOptions {
  config: Config;
  database: Database;
  logger: Logger;
  clock?: Clock;
  mailer?: Mailer;
  passwords?: PasswordHasher;
  limiterFactory?: LimiterFactory;
  payments?: PaymentProvider | null;
  dns?: TxtResolver;
  storage?: FileStorage;
}

export type App = Koa<AppState, AppContextExtensions> & {
  deps: AppDeps;
  routeTable: ReturnType<typeof buildRoutes>['table'];
  /** Releases what the app opened (SMTP pool, Redis); the database belongs to the caller. */
  close(): Promise<void>;
};

/**
 * koa-compress looks a response over (type, size, headers) after every request; one that did
 * not say it accepts an encoding is sent as it is anyway, so it skips that and only gets the
 * Vary header caches need.
 */
function compressWhenAccepted(compressor: Koa.Middleware): Koa.Middleware<AppState, AppContextExtensions> {
  return (ctx, next) => {
    if (ctx.req.headers['accept-encoding']) return compressor(ctx, next);
    ctx.vary('Accept-Encoding');
    return next();
  };
}

/** Builds the Koa application; index.ts listens on it, tests drive it over real HTTP. */
export function createApp(options: CreateAppOptions): App {
  const { config, database, logger } = options;
  const db = database.knex;
  const redis = !options.limiterFactory && config.redisUrl ? connectRedis(config.redisUrl) : null;
  redis?.on('error', (error: Error) => logger.warn({ err: error }, 'redis error: rate limits fall back to memory'));
  const deps: AppDeps = {
    config,
    clock: options.clock ?? systemClock,
    database,
    db,
    catalogue: new CatalogueCache(db),
    logger,
    mailer:
      options.mailer ??
      new Mailer(db, logger, {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logBodies: !config.isProduction,
        attachments: billingAttachments(db, config),
        outages: database.outages,
        clock: options.clock ?? systemClock,
      }),
    passwords: options.passwords ?? createPasswordHasher(config.passwordHashConcurrency),
    limits: new RateLimits(config.rateLimitMultiplier, options.limiterFactory ?? (redis ? redisLimiters(redis) : undefined)),
    payments: options.payments !== undefined ? options.payments : config.stripe ? createStripeProvider(config.stripe) : null,
    credentials: new CredentialSigner(config.credentialSigningKey, config.publicUrl),
    signIn: new SignInClients(config.signInProviders, options.clock ?? systemClock, config.publicUrl),
    dns: options.dns ?? systemTxtResolver(),
    storage: options.storage ?? createStorage(config.storage),
    pages: new PortalPages(),
    uploads: new ResumableUploads(createStaging(config.storage, config.uploadStagingDir), config.publicUrl, submissionUploads, LARGEST_SUBMISSION_FILE),
    afterAnswer: new AfterAnswer(logger),
  };

  // Behind N proxies only the N right-most X-Forwarded-For entries were written by them.
  const app = new Koa<AppState, AppContextExtensions>({
    proxy: config.trustProxyHops > 0,
    maxIpsCount: config.trustProxyHops,
  }) as App;
  app.keys = new CookieKeys(config.sessionKeys);
  app.context.deps = deps;
  app.context.now = function now(this: AppContextExtensions): number {
    return this.deps.clock.now().getTime();
  };
  app.deps = deps;
  // Errors are answered by errorHandler and logged there with the request id.
  app.silent = true;

  const routes = buildRoutes();
  app.routeTable = routes.table;
  app.close = async () => {
    await deps.afterAnswer.settled();
    await deps.mailer.close();
    deps.storage.close();
    deps.uploads.staging.close();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  };

  app.use(requestContext);
  app.use(errorHandler);
  // Directory sync answers every error in SCIM's shape (RFC 7644), bad JSON and rate limits included.
  app.use(scimErrors);
  // JSON answers travel compressed (a dashboard lists every course and compresses well); the portal's
  // files are compressed at build time and sent as they are, and spreadsheets are zips already.
  app.use(compressWhenAccepted(compress({ threshold: 1024 })));
  app.use(securityHeaders(config));
  // Before sessions and the router, so a preflight is answered without touching either.
  app.use(widgetCors(config.corsOrigins));
  app.use(tusDiscovery);
  app.use(staticFiles(config));
  app.use(sessionMiddleware(app as unknown as Koa, database, { secure: new URL(config.publicUrl).protocol === 'https:' }));
  app.use(originCheck(config.publicUrl));
  app.use(jsonBody);
  app.use(loadUser);
  app.use(routes.middleware());
  return app;
}
