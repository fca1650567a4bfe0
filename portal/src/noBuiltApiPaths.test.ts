import { describe, expect, it } from 'vitest';

// A school's and a trust's routes are called under the API root the server sends with the record
// (`api` on MySchoolDto, MyTrustDto's trust, AdminSchoolDetailDto and AdminTrustDetailDto): the
// managers' mount or the admin's, decided by the server for the caller (issue 51.2). A scene or
// component that builds such a path from an id picks the mount itself, from the page it is on or
// a role. Only the hooks of api/ append to a root (or build the few paths that have one owner).
const BUILT_PATH = /\/api\/(?:admin\/)?(?:schools|trusts)\/(?:\$\{|['"`]\s*\+)/;

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./api/**', '!./test/**', '!./**/*.test.{ts,tsx}', '!./**/*.stories.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Each line of `source` that builds a school's or a trust's API path, as `path:line`. */
function builtPaths(path: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => (BUILT_PATH.test(line) ? [`${path}:${index + 1}`] : []));
}

describe("a school's or a trust's API paths", () => {
  it('are not built by scenes or components: they pass on the `api` the server sent', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.entries(sources).flatMap(([path, source]) => builtPaths(path, source))).toEqual([]);
  });

  it('are found however they are built, and a fixed path is not', () => {
    const built = [
      'useGroups(`/api/trusts/${trustId}`)',
      'const root = `/api/admin/schools/${shown.id}`;',
      "api.patch('/api/schools/' + schoolId + '/submission-sharing')",
      '<Groups root={`/api/admin/trusts/${id}`} />',
    ];
    expect(built.filter((line) => !BUILT_PATH.test(line))).toEqual([]);
    expect(['/api/schools/mine', '/api/trusts/mine', '`${root}/groups`', '/api/admin/schools'].filter((line) => BUILT_PATH.test(line))).toEqual([]);
  });
});
