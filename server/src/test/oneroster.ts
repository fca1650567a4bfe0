import { strToU8, zipSync } from 'fflate';
import type { TestClient, TestResponse } from './client.ts';

// OneRoster 1.2 CSV bundles for tests (issue 56 item 4): orgs.csv and users.csv as a district's
// student information system exports them, zipped or as separate files.

export interface SampleOrg {
  sourcedId: string;
  name: string;
  type?: string;
}

export interface SampleUser {
  sourcedId: string;
  email: string;
  givenName: string;
  familyName: string;
  role: string;
  org: string;
  enabled?: boolean;
}

const csv = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n') + '\r\n';

export const orgsCsv = (orgs: SampleOrg[]) =>
  csv([
    ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
    ['district-1', '', '2026-03-01T00:00:00Z', 'Riverside District', 'district', 'RD', ''],
    ...orgs.map((org) => [org.sourcedId, '', '2026-03-01T00:00:00Z', org.name, org.type ?? 'school', org.sourcedId.toUpperCase(), 'district-1']),
  ]);

/** users.csv as OneRoster 1.1 exports (and many 1.2 exporters still) write it: role and orgSourcedIds on the row. */
export const usersCsv = (users: SampleUser[]) =>
  csv([
    [
      'sourcedId',
      'status',
      'dateLastModified',
      'enabledUser',
      'orgSourcedIds',
      'role',
      'username',
      'userIds',
      'givenName',
      'familyName',
      'middleName',
      'identifier',
      'email',
      'sms',
      'phone',
      'agentSourcedIds',
      'grades',
      'password',
    ],
    ...users.map((user) => [
      user.sourcedId,
      '',
      '2026-03-01T00:00:00Z',
      user.enabled === false ? 'false' : 'true',
      user.org,
      user.role,
      user.email,
      '',
      user.givenName,
      user.familyName,
      '',
      '',
      user.email,
      '',
      '',
      '',
      '',
      '',
    ]),
  ]);

/** The bundle as the zip a SIS exports. */
export function bundleZip(orgs: SampleOrg[], users: SampleUser[]): Uint8Array {
  return zipSync({
    'manifest.csv': strToU8('propertyName,value\r\nmanifest.version,1.0\r\noneroster.version,1.2\r\n'),
    'orgs.csv': strToU8(orgsCsv(orgs)),
    'users.csv': strToU8(usersCsv(users)),
  });
}

/** A multipart form with the given files in the `files` field. */
export function bundleForm(files: Array<{ name: string; bytes: Uint8Array | string }>): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes)]), file.name);
  return form;
}

/** Previews (or, with `apply`, applies) a bundle at `base` (/api/schools/1, /api/trusts/2). */
export function sendBundle(client: TestClient, base: string, form: FormData, apply = false): Promise<TestResponse> {
  return client.request('POST', `${base}/oneroster${apply ? '' : '/preview'}`, { raw: form });
}

/** The bundle's two CSV files as a raw multipart/form-data body (for tests that send strings). */
export function rawBundle(orgs: SampleOrg[], users: SampleUser[]): { raw: string; headers: Record<string, string> } {
  const boundary = 'oneroster-bundle-boundary';
  const part = (name: string, text: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n`;
  return {
    raw: `${part('orgs.csv', orgsCsv(orgs))}${part('users.csv', usersCsv(users))}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
