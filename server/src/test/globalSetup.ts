import type { TestProject } from 'vitest/node';
import { buildTemplate } from './templateDatabase.ts';

/** The server projects' set-up: every migration, once per run, into the template the test files copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = { ...process.env, ...project.config.env };
  const { template, dispose } = await buildTemplate(env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite', env.MYSQL_URL);
  project.provide('databaseTemplate', template);
  return dispose;
}
