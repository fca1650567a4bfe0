import 'dotenv/config';
import { loadConfig } from '../config.ts';
import { createDb } from './knex.ts';
import { migrateLatest } from './migrate.ts';

const config = loadConfig();
const db = createDb(config.database);
await migrateLatest(db);
await db.destroy();
console.log('Migrations are up to date.');
