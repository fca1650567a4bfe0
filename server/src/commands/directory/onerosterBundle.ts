import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { ONEROSTER_MAX_FILE_BYTES, ONEROSTER_MAX_USER_ROWS } from '@atrium/common';
import { badRequest } from '../../errors.ts';
import { looksBinary } from '../schools/roster.ts';

// Reading a OneRoster 1.2 CSV bundle (issue 56 item 4): a zip of the export, or its CSV files
// sent together. Only orgs.csv, users.csv and (when the export keeps roles apart, as 1.2 does)
// roles.csv are read; manifest.csv, classes, enrollments and the rest are left alone.

/** A file as uploaded: the name the browser gave it and its bytes. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export interface OneRosterOrg {
  sourcedId: string;
  name: string;
  type: string;
}

export interface OneRosterUser {
  /** The line of users.csv the row starts on. */
  line: number;
  sourcedId: string;
  /** enabledUser is not "false" and status is not "tobedeleted". */
  enabled: boolean;
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  /** Its roles, each at an org: from users.csv (1.1's role + orgSourcedIds, 1.2's primaryOrgSourcedId) or roles.csv. */
  roles: Array<{ role: string; orgSourcedId: string; primary: boolean }>;
}

export interface OneRosterBundle {
  orgs: OneRosterOrg[];
  users: OneRosterUser[];
}

const WANTED = ['orgs.csv', 'users.csv', 'roles.csv'] as const;
type Wanted = (typeof WANTED)[number];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
const baseName = (name: string) => (name.split(/[\\/]/).pop() ?? '').trim().toLowerCase();
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The bundle's files by name: unpacked from a zip (no entry larger than the limit is inflated), or as sent. */
function filesOf(uploads: UploadedFile[]): Map<Wanted, Uint8Array> {
  const found = new Map<Wanted, Uint8Array>();
  const take = (name: string, bytes: Uint8Array) => {
    const base = baseName(name) as Wanted;
    if (!WANTED.includes(base)) return;
    if (found.has(base)) throw badRequest(`The bundle has two files called ${base}.`, { files: `Two files called ${base}` });
    found.set(base, bytes);
  };
  // Decided before anything is inflated (fflate sets aside each entry's declared size): a zip of
  // many small entries declaring 40 MB each would otherwise ask for gigabytes.
  const inflating = new Set<Wanted>();
  for (const upload of uploads) {
    if (isZip(upload.bytes)) {
      let entries: Record<string, Uint8Array>;
      try {
        entries = unzipSync(upload.bytes, {
          filter(file) {
            const base = baseName(file.name) as Wanted;
            if (!WANTED.includes(base) || file.name.startsWith('__MACOSX/')) return false;
            if (inflating.has(base) || found.has(base)) throw badRequest(`The bundle has two files called ${base}.`, { files: `Two files called ${base}` });
            if (file.originalSize > ONEROSTER_MAX_FILE_BYTES) {
              throw badRequest(`${base} is larger than ${MB(ONEROSTER_MAX_FILE_BYTES)} unpacked: split the export.`, {
                files: `${base} is too large`,
              });
            }
            inflating.add(base);
            return true;
          },
        });
      } catch (error) {
        if (error instanceof Error && error.name === 'HttpError') throw error;
        throw badRequest(`${upload.name || 'The zip file'} could not be unpacked: export the bundle again.`, { files: 'Not a readable zip file' });
      }
      for (const [name, bytes] of Object.entries(entries)) take(name, bytes);
    } else take(upload.name, upload.bytes);
  }
  return found;
}

interface Table {
  /** Lower-cased header names → column index. */
  columns: Map<string, number>;
  rows: Array<{ line: number; cells: string[] }>;
}

function readCsv(name: Wanted, bytes: Uint8Array, maxRows: number, required: string[]): Table {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (looksBinary(text)) throw badRequest(`${name} is not a CSV file.`, { files: `${name} is not a CSV file` });
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      to: maxRows + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unreadable';
    throw badRequest(`${name} could not be read as CSV (${message}).`, { files: `${name} is not a readable CSV file` });
  }
  const header = records[0]?.record.map((cell) => cell.trim().toLowerCase()) ?? [];
  const columns = new Map<string, number>();
  header.forEach((cell, index) => {
    if (!columns.has(cell)) columns.set(cell, index);
  });
  const missing = required.filter((column) => !columns.has(column.toLowerCase()));
  if (missing.length) {
    throw badRequest(`${name} has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}: is it a OneRoster 1.2 export?`, {
      files: `${name}: missing ${missing.join(', ')}`,
    });
  }
  const rows = records.slice(1).map(({ record, info }) => ({ line: info.lines, cells: record }));
  if (rows.length > maxRows) {
    throw badRequest(`${name} has more than ${maxRows.toLocaleString('en-GB')} rows: export one school (or a few) at a time.`, {
      files: `${name}: at most ${maxRows} rows`,
    });
  }
  return { columns, rows };
}

const cellOf = (table: Table, cells: string[], column: string): string => {
  const index = table.columns.get(column.toLowerCase());
  return index === undefined ? '' : (cells[index] ?? '').trim();
};

const deleted = (status: string) => status.toLowerCase() === 'tobedeleted';

/** Parses the uploaded bundle: 400 naming the file and what is wrong when it is not a OneRoster bundle. */
export function parseOneRosterBundle(uploads: UploadedFile[]): OneRosterBundle {
  if (!uploads.length) throw badRequest('Choose the bundle: a zip of the OneRoster export, or its orgs.csv and users.csv.', { files: 'Choose a file' });
  const files = filesOf(uploads);
  for (const name of ['orgs.csv', 'users.csv'] as const) {
    if (!files.has(name)) {
      throw badRequest(`The bundle has no ${name}: upload the zip of the OneRoster export, or its orgs.csv and users.csv together.`, {
        files: `No ${name}`,
      });
    }
  }
  const orgTable = readCsv('orgs.csv', files.get('orgs.csv')!, ONEROSTER_MAX_USER_ROWS, ['sourcedId', 'name', 'type']);
  const orgs: OneRosterOrg[] = [];
  for (const { cells } of orgTable.rows) {
    const sourcedId = cellOf(orgTable, cells, 'sourcedId');
    if (!sourcedId || deleted(cellOf(orgTable, cells, 'status'))) continue;
    orgs.push({ sourcedId, name: cellOf(orgTable, cells, 'name') || sourcedId, type: cellOf(orgTable, cells, 'type') });
  }
  const userTable = readCsv('users.csv', files.get('users.csv')!, ONEROSTER_MAX_USER_ROWS, ['sourcedId', 'username', 'givenName', 'familyName']);
  const roleTable = files.has('roles.csv')
    ? readCsv('roles.csv', files.get('roles.csv')!, ONEROSTER_MAX_USER_ROWS * 4, ['userSourcedId', 'role', 'orgSourcedId'])
    : null;
  const rolesOf = new Map<string, OneRosterUser['roles']>();
  if (roleTable) {
    for (const { cells } of roleTable.rows) {
      if (deleted(cellOf(roleTable, cells, 'status'))) continue;
      const userId = cellOf(roleTable, cells, 'userSourcedId');
      const role = cellOf(roleTable, cells, 'role');
      const orgSourcedId = cellOf(roleTable, cells, 'orgSourcedId');
      if (!userId || !role) continue;
      const list = rolesOf.get(userId) ?? [];
      list.push({ role, orgSourcedId, primary: cellOf(roleTable, cells, 'roleType').toLowerCase() === 'primary' });
      rolesOf.set(userId, list);
    }
  }
  const users = userTable.rows.map(({ line, cells }): OneRosterUser => {
    const sourcedId = cellOf(userTable, cells, 'sourcedId');
    const username = cellOf(userTable, cells, 'username');
    let roles = rolesOf.get(sourcedId) ?? [];
    if (!roleTable) {
      // OneRoster 1.1 (still what many systems export): role and orgSourcedIds on the user's row.
      const role = cellOf(userTable, cells, 'role');
      const orgIds = (cellOf(userTable, cells, 'orgSourcedIds') || cellOf(userTable, cells, 'primaryOrgSourcedId'))
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
      roles = role ? (orgIds.length ? orgIds : ['']).map((orgSourcedId, index) => ({ role, orgSourcedId, primary: index === 0 })) : [];
    }
    const enabledUser = cellOf(userTable, cells, 'enabledUser').toLowerCase();
    return {
      line,
      sourcedId,
      enabled: enabledUser !== 'false' && !deleted(cellOf(userTable, cells, 'status')),
      username,
      email: (cellOf(userTable, cells, 'email') || (username.includes('@') ? username : '')).toLowerCase(),
      givenName: cellOf(userTable, cells, 'givenName'),
      familyName: cellOf(userTable, cells, 'familyName'),
      roles: [...roles].sort((a, b) => Number(b.primary) - Number(a.primary)),
    };
  });
  return { orgs, users };
}
