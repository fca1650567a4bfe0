import 'dotenv/config';
import { runAdminCommand } from './commands/adminCli.ts';
import { loadConfig } from './config.ts';
import { systemClock } from './services/clock.ts';
import { createDb } from './db/knex.ts';
import { migrateLatest } from './db/migrate.ts';

// npm run admin -- list | add <address> | remove <address>   (commands/adminCli.ts)
const config = loadConfig();
const db = createDb(config.database);
try {
  await migrateLatest(db);
  const { code, lines } = await runAdminCommand(db, systemClock, process.argv.slice(2));
  (code === 0 ? console.log : console.error)(lines.join('\n'));
  process.exitCode = code;
} finally {
  await db.destroy();
}
