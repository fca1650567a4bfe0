import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../../seed/demoCatalogue.ts';
import { DEMO_LEARNER, seedDemoLearner } from '../../../seed/demoLearner.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { TestClient } from '../../../test/client.ts';
import { generateCredentialSigningKey } from '../../../config.ts';

const logger = pino({ level: 'silent' });
const demoConfig = { seedDemo: true, isProduction: false, passwordHashConcurrency: 2 };
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('the demo learner and GET /api/demo', () => {
  it('answers 404 while there is no demo learner', async () => {
    expect((await server.client().get('/api/demo')).status).toBe(404);
  });

  it('is seeded once, with the first demo course completed and certified, and the API gives its number', async () => {
    await seedDemoCatalogue(server, logger);
    const number = await seedDemoLearner(server.db, demoConfig, logger);
    expect(number).toMatch(/^ATR-/);
    // A restart changes nothing: same account, same enrollment, same certificate.
    expect(await seedDemoLearner(server.db, demoConfig, logger)).toBe(number);
    const users = await server.db('users').where({ email: DEMO_LEARNER.email });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield', role: 'learner' });
    const certificates = await server.db('certificates').where({ userId: users[0]!.id });
    expect(certificates).toHaveLength(1);
    expect(certificates[0]!.studentName).toBe('Dana Whitfield');
    const modules = await server.db('modules').where({ courseId: certificates[0]!.courseId! });
    const completed = await server.db('progress').where({ userId: users[0]!.id, isCompleted: true });
    expect(completed).toHaveLength(modules.length);

    const response = await server.client().get('/api/demo');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ certificateNumber: number });
    expect((await server.client().get(`/api/certificates/${number}`)).body.studentName).toBe('Dana Whitfield');

    // The learner side can be tried at once with the published password.
    const dana = new TestClient(server.url);
    expect((await dana.post('/api/login', { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password })).status).toBe(200);
  });

  it('completes what an earlier start left undone', async () => {
    const user = await server.db('users').where({ email: DEMO_LEARNER.email }).first();
    const first = await server.db('progress').where({ userId: user!.id }).orderBy('id').first();
    await server.db('progress').where({ id: first!.id }).update({ isCompleted: false });
    await seedDemoLearner(server.db, demoConfig, logger);
    expect(await server.db('progress').where({ userId: user!.id, isCompleted: false })).toHaveLength(0);
  });

  it('is never seeded in production, nor without SEED_DEMO, and the API then answers 404', async () => {
    expect(await seedDemoLearner(server.db, { ...demoConfig, isProduction: true }, logger)).toBeNull();
    expect(await seedDemoLearner(server.db, { ...demoConfig, seedDemo: false }, logger)).toBeNull();
    const production = await createTestServer({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://atrium.example',
      SESSION_SECRET: 'a-production-secret-that-is-long-enough',
      CREDENTIAL_SIGNING_KEY: generateCredentialSigningKey(),
    });
    try {
      // Even with a demo learner in its database, production does not point to it.
      await seedDemoCatalogue(production, logger);
      expect(await seedDemoLearner(production.db, demoConfig, logger)).toMatch(/^ATR-/);
      expect((await production.client().get('/api/demo')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
