import { parse as parseFilter, type Filter } from 'scim2-parse-filter';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { ScimError } from '../../commands/directory/scimError.ts';
import type { ScimPatchBody } from './schemas.ts';

// The SCIM grammar is the libraries' (scim2-parse-filter for filters and PATCH value paths,
// scim-patch for applying PATCH operations); this file only says which of it Atrium answers and
// turns the libraries' errors into SCIM's.

/**
 * A list filter of the one form directories send: `<attribute> eq "<value>"`, the attribute
 * among `allowed` (compared without case, as RFC 7643 names attributes). Anything else is 400
 * invalidFilter naming what is answered.
 */
export function equalityFilter<A extends string>(raw: string | undefined, allowed: readonly A[]): { attribute: A; value: string } | null {
  if (raw === undefined || raw.trim() === '') return null;
  let parsed: Filter;
  try {
    parsed = parseFilter(raw);
  } catch {
    throw ScimError.invalidFilter(`The filter does not parse: ${raw.slice(0, 200)}`);
  }
  const wanted = allowed.join(' eq "…", ');
  if (parsed.op !== 'eq' || !('attrPath' in parsed) || !('compValue' in parsed) || typeof parsed.compValue !== 'string') {
    throw ScimError.invalidFilter(`Only ${wanted} eq "…" filters are answered.`);
  }
  const attribute = allowed.find(
    (name) => name.toLowerCase() === parsed.attrPath.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, ''),
  );
  if (!attribute) throw ScimError.invalidFilter(`Only ${wanted} eq "…" filters are answered.`);
  return { attribute, value: parsed.compValue };
}

/** startIndex (from 1) and count (at most 200 a page), as RFC 7644 section 3.4.2.4 reads them. */
export function paging(query: { startIndex?: number | undefined; count?: number | undefined }): { startIndex: number; count: number } {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(200, Math.max(0, query.count ?? 100));
  return { startIndex, count };
}

/**
 * The operations as scim-patch applies them: op names in lower case (Entra ID sends "Replace",
 * "Add"), a path-less add/replace whose value is an object taken as one operation per attribute
 * (Entra ID sends `{"op":"Replace","value":{"active":false}}` and dotted keys such as
 * "name.givenName").
 */
export function normaliseOperations(body: ScimPatchBody): ScimPatchOperation[] {
  const operations = normalised(body);
  for (const operation of operations) refuseObjectMachinery(operation.path);
  return operations;
}

/**
 * The names of JavaScript's object machinery. scim-patch walks a path by plain property access, so
 * `__proto__.x` or `constructor.prototype.x` would write onto the prototype every object of the
 * process shares (one school's token changing every tenant's objects); no SCIM attribute has
 * these names, so a path naming one is refused before anything is applied.
 */
const OBJECT_MACHINERY = new Set(['__proto__', 'constructor', 'prototype']);

function refuseObjectMachinery(path: string | undefined): void {
  if (path === undefined) return;
  if (path.split(/[^A-Za-z0-9_$]+/).some((segment) => OBJECT_MACHINERY.has(segment.toLowerCase()))) {
    throw ScimError.invalidPath(`"${path.slice(0, 100)}" is not an attribute of this resource.`);
  }
}

function normalised(body: ScimPatchBody): ScimPatchOperation[] {
  const operations: ScimPatchOperation[] = [];
  for (const raw of body.Operations) {
    const op = raw.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw ScimError.invalidSyntax(`"${raw.op}" is not a PATCH operation: use add, replace or remove.`);
    if (op === 'remove') {
      if (!raw.path) throw ScimError.noTarget('A remove operation needs a "path".');
      if (raw.value !== undefined && raw.path.toLowerCase() === 'members') {
        // Entra ID removes group members as {op: "Remove", path: "members", value: [{"$ref": null,
        // "value": "<id>"}]}. scim-patch would remove only members deep-equal to those objects
        // (none: ours carry `display` too), so each becomes RFC 7644's `members[value eq "<id>"]`.
        for (const id of memberValues(raw.value)) operations.push({ op, path: `members[value eq ${JSON.stringify(id)}]` });
        continue;
      }
      operations.push(raw.value === undefined ? { op, path: raw.path } : { op, path: raw.path, value: raw.value });
      continue;
    }
    if (!('value' in raw)) throw ScimError.invalidSyntax(`The ${op} operation needs a "value".`);
    if (!raw.path) {
      if (!raw.value || typeof raw.value !== 'object' || Array.isArray(raw.value))
        throw ScimError.invalidSyntax(`A ${op} without "path" needs an object as its value.`);
      for (const [path, value] of Object.entries(raw.value as Record<string, unknown>)) operations.push({ op, path, value });
      continue;
    }
    operations.push({ op, path: raw.path, value: raw.value });
  }
  return operations;
}

/** The ids of a members remove's value: a list of `{value: "<id>"}` (Entra ID adds `$ref: null`). */
function memberValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    const id = item && typeof item === 'object' ? (item as { value?: unknown }).value : undefined;
    if (typeof id !== 'string' || !id) throw ScimError.invalidValue('Each member to remove needs its "value": the id of a User of this token.');
    return id;
  });
}

/** Applies PATCH operations to a copy of the resource (the database is changed by the caller). */
export function applyPatch<T extends ScimResource>(resource: T, operations: ScimPatchOperation[]): T {
  try {
    return scimPatch(resource, operations, { mutateDocument: false, treatMissingAsAdd: true });
  } catch (error) {
    const code = (error as { scimCode?: string }).scimCode;
    const detail = error instanceof Error && error.message ? error.message : 'The PATCH operations could not be applied.';
    if (code === 'noTarget') throw ScimError.noTarget(detail);
    if (/path/i.test(detail)) throw ScimError.invalidPath(detail);
    throw ScimError.invalidSyntax(detail);
  }
}
