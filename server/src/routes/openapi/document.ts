import type { ApiErrorId } from '@atrium/common';
import { z, type ZodType } from 'zod';
import { isWidgetEndpoint } from '../../middlewares/cors.ts';
import { SESSION_COOKIE } from '../../middlewares/session.ts';
import type { RouteInfo } from '../define.ts';
import { ROUTE_DOCS, routeName, type RouteDoc } from './routeDocs.ts';

/**
 * The API reference as OpenAPI 3.1, made from the route table (`buildRoutes().table`): every
 * route's method and path, who may call it (access, policy), its rate limits and cache rule,
 * its request schemas as JSON Schema from the same zod schemas that validate the requests,
 * and the success answer each route declares (`answer`, a zod DTO schema from common/src/api).
 * Words a schema cannot carry (summaries, answers) come from routeDocs.ts, keyed by route name.
 * Served at GET /api/openapi.json and drawn at /docs/api; docs/api.md is its summary.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** Every stable error id (CONTRACT.md's error shape); the check below fails to compile when ApiErrorId gains one. */
const ERROR_IDS = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'invalid_credentials',
  'sso_required',
  'forbidden',
  'not_enrolled',
  'payment_required',
  'not_found',
  'conflict',
  'limit_reached',
  'email_taken',
  'already_enrolled',
  'already_licensed',
  'invoice_already_requested',
  'requires_watching',
  'gone',
  'payload_too_large',
  'file_too_large',
  'unsupported_media_type',
  'invalid_image',
  'rate_limited',
  'internal',
  'service_unavailable',
  'database_unavailable',
  'certificate_revoked',
] as const satisfies readonly ApiErrorId[];
const everyErrorIdListed: [Exclude<ApiErrorId, (typeof ERROR_IDS)[number]>] extends [never] ? true : never = true;
void everyErrorIdListed;

/** The error answers a route may give, each the shared `Error` shape. */
const ERROR_RESPONSES: Record<string, string> = {
  '400': 'The input is invalid: `errors` names each field and why.',
  '401': 'Not signed in.',
  '403': 'Signed in, but not allowed to do this (or the origin check refused a cross-site call).',
  '404': 'Not found.',
  '429': 'Rate limited: wait for the `Retry-After` seconds.',
};

export interface OpenApiOptions {
  /** The server's public origin, named in `servers`. */
  publicUrl?: string;
}

/** `/api/courses/:id` → `/api/courses/{id}` (OpenAPI's path template). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

const pathParameterNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);

/** JSON Schema of what a client sends (zod's input side); what JSON Schema cannot say is left open. */
function inputSchema(schema: ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * JSON Schema of what the server sends (zod's output side, so an object admits no other
 * property): a DTO schema named with `.meta({id})` becomes a shared component, referenced.
 */
function outputSchema(schema: ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' });
  const { $schema, $defs, id, ...root } = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  void $schema;
  Object.assign(components, $defs);
  if (typeof id !== 'string') return root;
  components[id] = root;
  return { $ref: `#/components/schemas/${id}` };
}

/** One parameter per property of an object schema (a route's params or query). */
function parameters(location: 'path' | 'query', schema: ZodType | undefined, path: string): JsonSchema[] {
  const names = location === 'path' ? pathParameterNames(path) : [];
  const json = schema ? inputSchema(schema) : { type: 'object', properties: {} };
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  const keys = location === 'path' ? names : Object.keys(properties);
  return keys.map((name) => ({
    name,
    in: location,
    required: location === 'path' ? true : required.has(name),
    schema: properties[name] ?? { type: 'string' },
  }));
}

/** Groups whose few routes belong to a feature named otherwise (the route folder they live in). */
const TAG_OF_GROUP: Record<string, string> = {
  login: 'auth',
  logout: 'auth',
  register: 'auth',
  'forgot-password': 'auth',
  'reset-password': 'auth',
  'create-payment-intent': 'payments',
  stripe: 'payments',
  invites: 'schools',
  'verify-email': 'schools',
  submissions: 'assignments',
  'submission-files': 'assignments',
};

/** The tag of a route: its group's last segment ("/api/courses" → "courses", "/healthz" → "health"), or the feature it belongs to. */
function tagOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'api') return TAG_OF_GROUP[segments[1] ?? ''] ?? segments[1] ?? 'api';
  if (segments[0] === '.well-known') return 'credentials';
  if (segments[0] === 'healthz' || segments[0] === 'readyz') return 'health';
  return 'pages';
}

function describeAccess(route: RouteInfo, crossOrigin: boolean): string {
  const who = route.access === 'public' ? 'Anyone, without signing in.' : route.access === 'admin' ? 'Admins only.' : 'Signed-in users.';
  const lines = [`**Who may call:** ${who}${route.policy ? ` Policy: \`${route.policy}\`.` : ''}`];
  if (crossOrigin) lines.push('**Cross-origin:** other sites may call it from the browser (`CORS_ORIGINS`).');
  if (route.rateLimits.length) lines.push(`**Rate limits:** ${route.rateLimits.map((limit) => `\`${limit}\``).join(', ')}.`);
  if (route.cache) lines.push(`**Cache:** \`Cache-Control: ${route.cache}\`.`);
  return lines.join('\n\n');
}

/** The success answer the route declares, with what routeDocs.ts says of it in words. */
function successResponse(route: RouteInfo, doc: RouteDoc | undefined, components: Record<string, JsonSchema>): [string, JsonSchema] {
  const answer = route.answer;
  const contentType = answer.body ? (answer.contentType ?? 'application/json') : answer.contentType;
  const mediaTypes: readonly string[] = contentType === undefined ? [] : typeof contentType === 'string' ? [contentType] : contentType;
  const body = answer.body ? { schema: outputSchema(answer.body, components) } : {};
  const content = mediaTypes.length ? { content: Object.fromEntries(mediaTypes.map((type) => [type, body])) } : {};
  const headers = answer.headers
    ? {
        headers: Object.fromEntries(
          Object.entries(answer.headers).map(([name, description]) => [name, { description, required: true, schema: { type: 'string' } }]),
        ),
      }
    : {};
  return [String(answer.status ?? 200), { description: doc?.answer ?? 'Success.', ...headers, ...content }];
}

function operation(route: RouteInfo, doc: RouteDoc | undefined, components: Record<string, JsonSchema>): Operation {
  const method = route.method.toUpperCase();
  const crossOrigin = isWidgetEndpoint(method === 'HEAD' ? 'GET' : method, route.path);
  const params = [...parameters('path', route.input.params, route.path), ...parameters('query', route.input.query, route.path)];
  const [success, successAnswer] = successResponse(route, doc, components);
  const responses: Record<string, unknown> = { [success]: successAnswer };
  const errors = new Set<string>();
  if (route.input.body || route.input.query || route.input.params) errors.add('400');
  if (route.access !== 'public') errors.add('401');
  if (route.access === 'admin' || route.policy) errors.add('403');
  if (pathParameterNames(route.path).length) errors.add('404');
  if (route.rateLimits.length) errors.add('429');
  for (const status of doc?.errors ?? []) errors.add(status);
  for (const status of [...errors].sort()) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status] ? `Error${status}` : 'Error'}` };

  const op: Operation = {
    operationId: operationId(route),
    tags: [tagOf(route.path)],
    summary: doc?.summary ?? `${method} ${route.path}`,
    description: [doc?.description, describeAccess(route, crossOrigin)].filter(Boolean).join('\n\n'),
    ...(params.length ? { parameters: params } : {}),
    ...(route.input.body
      ? { requestBody: { required: true, content: { [doc?.requestType ?? 'application/json']: { schema: inputSchema(route.input.body) } } } }
      : doc?.requestType
        ? { requestBody: { required: true, content: { [doc.requestType]: {} } } }
        : {}),
    responses,
    security: route.access === 'public' ? [] : [{ session: [] }],
    'x-access': route.access,
    ...(route.policy ? { 'x-policy': route.policy } : {}),
    ...(route.rateLimits.length ? { 'x-rate-limits': route.rateLimits } : {}),
    ...(route.cache ? { 'x-cache': route.cache } : {}),
    ...(crossOrigin ? { 'x-cross-origin': true } : {}),
  };
  return op;
}

/** A stable, unique id from method and path: `get_api_courses_id`. */
export function operationId(route: Pick<RouteInfo, 'method' | 'path'>): string {
  return `${route.method}_${route.path
    .replace(/^\//, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/_+$/, '')}`;
}

export function buildOpenApiDocument(table: readonly RouteInfo[], options: OpenApiOptions = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const answerSchemas: Record<string, JsonSchema> = {};
  for (const route of table) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation(route, ROUTE_DOCS[routeName(route)], answerSchemas);
  }
  const errorResponses = Object.fromEntries(
    [...Object.entries(ERROR_RESPONSES), ['', 'An error; the status says which.']].map(([status, description]) => [
      `Error${status}`,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atrium API',
      version: '1',
      summary: 'Courses, learners, schools, trusts, certificates and payments.',
      description: [
        'Generated from the server’s route table and the zod schemas that validate each request, so it lists every route the server answers.',
        'Bodies are JSON (at most 1 MB) unless a route says otherwise. Every error has the same shape (`Error`): a sentence for people, `errors` naming each invalid field, and a stable `id` to branch on.',
        'Calls that change something with a session cookie must come from the site’s own origin (`Origin` checked). Routes marked `x-cross-origin` answer other sites’ browsers.',
        'Success answers are JSON Schema made from the zod schemas of the DTOs in `common/src/api/` (the DTO types are inferred from them); a test sends each documented request to the running server and holds the answer to its schema.',
      ].join('\n\n'),
    },
    ...(options.publicUrl ? { servers: [{ url: options.publicUrl }] } : {}),
    tags: [...new Set(table.map((route) => tagOf(route.path)))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by `POST /api/login`.' },
      },
      schemas: {
        ...Object.fromEntries(Object.entries(answerSchemas).sort(([a], [b]) => a.localeCompare(b))),
        Error: {
          type: 'object',
          description: 'The error shape of every API answer that is not a success (CONTRACT.md).',
          required: ['message', 'id'],
          properties: {
            message: { type: 'string', description: 'A sentence for people; may be reworded, never branch on it.' },
            errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'For invalid input: each field and why.' },
            id: { type: 'string', enum: [...ERROR_IDS], description: 'A stable id to branch on.' },
          },
        },
      },
      responses: errorResponses,
    },
  };
}
