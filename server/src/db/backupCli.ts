import 'dotenv/config';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupSqlite, restoreSqlite } from './backup.ts';

// npm run db:backup [-- <file>]    online backup of the SQLite database
// npm run db:restore -- <file>     put a backup back (stop the server first)
const [command, file] = process.argv.slice(2);
const config = loadConfig();
if (config.database.client !== 'sqlite') {
  console.error('DATABASE_URL points at MySQL/MariaDB: use mariadb-dump as the README describes.');
  process.exit(1);
}
const live = resolve(config.database.filename);
if (command === 'backup') {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = resolve(file ?? `./data/backups/atrium-${stamp}.sqlite`);
  const { pages } = await backupSqlite(live, destination);
  console.log(`Backed up ${live} (${pages} pages) to ${destination}`);
} else if (command === 'restore' && file) {
  restoreSqlite(resolve(file), live);
  console.log(`Restored ${file} to ${live}; the previous file is kept as ${live}.before-restore`);
} else {
  console.error('Usage: npm run db:backup [-- file] | npm run db:restore -- file');
  process.exit(1);
}
