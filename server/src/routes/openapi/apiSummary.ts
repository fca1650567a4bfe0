import { z, type ZodType } from 'zod';
import type { RouteInfo } from '../define.ts';
import { ROUTE_DOCS, routeName } from './routeDocs.ts';
import { isWidgetEndpoint } from '../../middlewares/cors.ts';

/** Where the summary lives, from the repository's root. */
export const API_SUMMARY_PATH = 'docs/api.md';

const WHO = { public: 'anyone', user: 'signed in', admin: 'admin' } as const;

function groupOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments[0] === 'api' ? `/api/${segments[1] ?? ''}` : `/${segments[0] ?? ''}`;
}

/** The declared success answer in brief: `201 UserDto`, `200 CourseSummaryDto[]`, `200 text/html`. */
function answerLabel(route: RouteInfo): string {
  const { status = 200, body, contentType } = route.answer;
  if (typeof contentType === 'object') return `${status} ${contentType.length === 1 ? contentType[0] : `a file (${contentType.length} media types)`}`;
  if (!body) return `${status}${contentType ? ` ${contentType}` : ''}`;
  const element = body instanceof z.ZodArray ? (body.element as ZodType) : undefined;
  const id = z.globalRegistry.get(element ?? body)?.id;
  return `${status} ${id ? `\`${id}${element ? '[]' : ''}\`` : 'JSON'}`;
}

/** docs/api.md: how to read the reference, then every route by group, made from the route table. */
export function apiSummaryMarkdown(table: readonly RouteInfo[]): string {
  const groups = new Map<string, RouteInfo[]>();
  for (const route of table) {
    const group = groupOf(route.path);
    groups.set(group, [...(groups.get(group) ?? []), route]);
  }
  const lines = [
    '# API reference',
    '',
    '<!-- Generated from the route table by `npm run docs:api`; do not edit by hand. -->',
    '',
    'Atrium’s HTTP API is described by an OpenAPI 3.1 document that the server makes from its own',
    'route table (`buildRoutes().table`) and the zod schemas that validate each request:',
    '',
    '- **`GET /api/openapi.json`**: the document, for code generators, API clients and gateways.',
    '- **`/docs/api`**: the same, drawn by Redoc for people to read (the page loads Redoc; no other page does).',
    '',
    'What the document says of each route: its method and path; who may call it (`x-access`:',
    '`public`, `user` or `admin`, and `x-policy`, the finer rule such as `schoolManager`); its',
    'request body, query and path parameters as JSON Schema, from the same schemas the server',
    'validates with; its rate limits (`x-rate-limits`) and cache rule (`x-cache`); whether other',
    'sites may call it from the browser (`x-cross-origin`: the widgets’ and the credentials’',
    'endpoints); and the error answers it can give, each the shared `Error` shape of CONTRACT.md',
    '(`{message, errors?, id}`). Public routes carry `security: []`; the others need the session',
    'cookie (`atrium.sid`, set by `POST /api/login`).',
    '',
    '**Success answers** are declared on the route (`answer` in `routes.add`: status and the zod',
    'schema of the body). The schemas are the DTOs of `common/src/api/`, written as zod schemas',
    'whose TypeScript types are inferred from them, so the type the server sends and the documented',
    'shape are one; each named DTO is a shared component (`#/components/schemas/UserDto`). The',
    '“answer” column below shows them. Every route declares one (`routes.add` requires it).',
    '',
    '`server/src/routes/openapi/openapi.test.ts` validates the document with `@redocly/openapi-core`',
    'and fails when this page is stale (run `npm run docs:api`); `drift.test.ts` calls every route',
    'on the running server (SQLite and MariaDB) and holds the status, media',
    'type and body to the document.',
    '',
    `## Routes (${table.length})`,
    '',
  ];
  for (const [group, routes] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`### \`${group}\``, '', '| method and path | who | what | answer |', '|---|---|---|---|');
    for (const route of routes) {
      const method = route.method.toUpperCase();
      const who = [WHO[route.access], route.policy ? `\`${route.policy}\`` : '', isWidgetEndpoint(method, route.path) ? 'cross-origin' : '']
        .filter(Boolean)
        .join(', ');
      const summary = ROUTE_DOCS[routeName(route)]?.summary ?? '';
      lines.push(`| \`${method} ${route.path}\` | ${who} | ${summary.replace(/\|/g, '\\|')} | ${answerLabel(route)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
