import { afterAll, beforeAll } from 'vitest';
import { startFakeStripe, type FakeStripe } from './fakeStripe.ts';
import { createTestServer, type TestServer } from './server.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp.ts';

export interface UseTestServerOptions {
  /** Environment for the app on top of the test defaults (CORS_ORIGINS, BRAND_NAME, …). */
  env?: Record<string, string>;
  /** Start a real SMTP listener first and send the app's mail to it (`server.smtp`). */
  smtp?: boolean;
  /** Start the loopback Stripe first and give the app its keys (`server.stripe`). */
  stripe?: boolean;
}

/** The file's server; it closes itself after the file, so it has no close() of its own. */
export type FileTestServer = Omit<TestServer, 'close'>;

export type UsedTestServer<Options extends UseTestServerOptions> = FileTestServer &
  (Options extends { smtp: true } ? { readonly smtp: SmtpCapture } : unknown) &
  (Options extends { stripe: true } ? { readonly stripe: FakeStripe } : unknown);

interface Running {
  server: TestServer;
  smtp: SmtpCapture | undefined;
  stripe: FakeStripe | undefined;
}

/**
 * The real app on a fresh database for the whole test file, with the SMTP listener or the fake
 * Stripe it asks for: started in beforeAll, stopped in afterAll. Call it at the top level of the
 * file; the handle can be read from hooks and tests (a `beforeAll` declared after this call runs
 * after the server is up, an `afterAll` before it is stopped).
 */
export function useTestServer<const Options extends UseTestServerOptions = Record<never, never>>(options?: Options): UsedTestServer<Options> {
  let running: Running | undefined;

  beforeAll(async () => {
    const smtp = options?.smtp ? await startSmtpCapture() : undefined;
    let stripe: FakeStripe | undefined;
    try {
      stripe = options?.stripe ? await startFakeStripe() : undefined;
      const server = await createTestServer({ ...stripe?.env, ...(smtp ? { SMTP_URL: smtp.url } : {}), ...options?.env });
      running = { server, smtp, stripe };
    } catch (error) {
      await stripe?.close();
      await smtp?.close();
      throw error;
    }
  });

  afterAll(async () => {
    if (!running) return;
    const { server, smtp, stripe } = running;
    running = undefined;
    try {
      await server.close();
    } finally {
      await stripe?.close();
      await smtp?.close();
    }
  });

  const current = (): Running => {
    if (!running) throw new Error('useTestServer: the server runs from beforeAll to afterAll; read it inside a hook or a test');
    return running;
  };
  const asked = <T>(value: T | undefined, option: keyof UseTestServerOptions): T => {
    if (value === undefined) throw new Error(`useTestServer: pass { ${option}: true } to get it`);
    return value;
  };

  const handle: FileTestServer & { readonly smtp: SmtpCapture; readonly stripe: FakeStripe } = {
    get app() {
      return current().server.app;
    },
    get db() {
      return current().server.db;
    },
    get database() {
      return current().server.database;
    },
    get catalogue() {
      return current().server.catalogue;
    },
    get clock() {
      return current().server.clock;
    },
    get config() {
      return current().server.config;
    },
    get url() {
      return current().server.url;
    },
    client: () => current().server.client(),
    get smtp() {
      return asked(current().smtp, 'smtp');
    },
    get stripe() {
      return asked(current().stripe, 'stripe');
    },
  };
  return handle as UsedTestServer<Options>;
}
