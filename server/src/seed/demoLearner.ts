import type { Logger } from 'pino';
import { enroll } from '../commands/enroll.ts';
import { issueCertificate } from '../commands/issueCertificate.ts';
import type { Config } from '../config.ts';
import { createPasswordHasher } from '../services/passwords.ts';
import type { Db } from '../db/knex.ts';
import { DEMO_CATALOGUE } from './demoCatalogue.ts';

/**
 * The demo learner, the same for everyone trying Atrium outside production: the example pages
 * verify this learner's certificate, and anyone can sign in as them to see the learner side.
 */
export const DEMO_LEARNER = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'demo.learner@example.com',
  password: 'atrium-demo-learner',
} as const;

/**
 * Makes sure the demo learner exists, is enrolled in the first demo course with every module
 * completed, and holds its certificate; returns the certificate's number. Idempotent: each
 * start-up fills in only what is missing, in one transaction. Only with SEED_DEMO and never in
 * production, where a known password would be an open door; null then, and when the demo course
 * is not there.
 */
export async function seedDemoLearner(
  db: Db,
  config: Pick<Config, 'seedDemo' | 'isProduction' | 'passwordHashConcurrency'>,
  logger: Logger,
): Promise<string | null> {
  if (!config.seedDemo || config.isProduction) return null;
  const course = await db('courses').where({ title: DEMO_CATALOGUE[0]!.title }).orderBy('id').first('id');
  if (!course) {
    logger.info('no demo course: the demo learner is not seeded');
    return null;
  }
  const courseId = Number(course.id);
  const known = await db('users').where({ email: DEMO_LEARNER.email }).first('id');
  // Hashing is slow on purpose: done before the transaction, and only for a new account.
  const passwordHash = known ? null : await createPasswordHasher(config.passwordHashConcurrency).hash(DEMO_LEARNER.password);

  const number = await db.transaction(async (trx) => {
    const now = Date.now();
    if (passwordHash) {
      await trx('users')
        .insert({
          email: DEMO_LEARNER.email,
          passwordHash,
          firstName: DEMO_LEARNER.firstName,
          lastName: DEMO_LEARNER.lastName,
          company: null,
          profileImageUrl: null,
          role: 'learner',
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflict('email')
        .ignore();
    }
    const user = (await trx('users').where({ email: DEMO_LEARNER.email }).first('id'))!;
    const userId = Number(user.id);
    await enroll(trx, userId, courseId, 'admin', now);
    const modules: Array<{ id: number; duration: number }> = await trx('modules').where({ courseId }).select('id', 'duration');
    const progress: Array<{ moduleId: number; isCompleted: unknown }> = await trx('progress').where({ userId, courseId }).select('moduleId', 'isCompleted');
    const stored = new Map(progress.map((row) => [Number(row.moduleId), Boolean(Number(row.isCompleted))]));
    for (const module of modules) {
      const completed = { watchedDuration: module.duration, isCompleted: true, completedAt: now, updatedAt: now };
      if (!stored.has(Number(module.id))) await trx('progress').insert({ userId, moduleId: module.id, courseId, position: 0, ...completed });
      else if (!stored.get(Number(module.id))) await trx('progress').where({ userId, moduleId: module.id }).update(completed);
    }
    const certificate = await issueCertificate(trx, userId, courseId, now);
    return certificate?.certificateNumber ?? null;
  });
  logger.info({ email: DEMO_LEARNER.email, certificateNumber: number }, 'the demo learner is ready');
  return number;
}
