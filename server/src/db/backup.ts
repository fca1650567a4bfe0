import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Online backup of a SQLite database with SQLite's backup API: consistent even while the
 * server is writing, and the copy is checked before it is reported as done.
 */
export async function backupSqlite(source: string, destination: string): Promise<{ pages: number }> {
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  mkdirSync(dirname(resolve(destination)), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const temporary = `${destination}.partial`;
    const result = await db.backup(temporary);
    verifySqlite(temporary);
    renameSync(temporary, destination);
    return { pages: result.totalPages };
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the live file. The server must be stopped: the old file and its
 * WAL are moved aside (kept as `.before-restore`) rather than deleted.
 */
export function restoreSqlite(backup: string, target: string): void {
  verifySqlite(backup);
  mkdirSync(dirname(resolve(target)), { recursive: true });
  if (existsSync(target)) renameSync(target, `${target}.before-restore`);
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backup, target);
}

function verifySqlite(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`Backup ${file} failed its integrity check: ${String(result)}`);
    const migrations = db.prepare("select count(*) as n from sqlite_master where name = 'knex_migrations'").get() as { n: number };
    if (migrations.n !== 1) throw new Error(`${file} is not an Atrium database`);
  } finally {
    db.close();
  }
}
