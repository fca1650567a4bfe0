import { createReadStream, type ReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Routes } from '../../define.ts';
import { buildOpenApiDocument } from '../../openapi/document.ts';

/** Redoc's standalone bundle: the reference page loads it, and nothing else does. */
const redocBundle = () => createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const referencePage = (brandName: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · ${escapeHtml(brandName)}</title>
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body>
    <noscript>The reference needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <div id="reference"></div>
    <script src="/docs/api/redoc.standalone.js"></script>
    <script src="/docs/api/start.js"></script>
  </body>
</html>
`;

// A file of its own: the CSP allows no inline script.
const START_SCRIPT = `Redoc.init('/api/openapi.json', {
  expandResponses: '200,201',
  jsonSampleExpandLevel: 3,
  hideHostname: true,
  theme: { colors: { primary: { main: '#3346c8' } }, typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } } },
}, document.getElementById('reference'));
`;

/**
 * The portal's policy, plus blob: workers: Redoc builds its search index in a worker made from a
 * blob. Its footer's logo (on Redocly's CDN) stays refused, like every other third party.
 */
const REFERENCE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The reference page and the scripts it loads: each a fixed answer with its media type and cache rule. */
const READER_FILES: Array<{ path: string; type: string; headers: Record<string, string>; body: (ctx: AppContext) => string | ReadStream }> = [
  {
    path: '/docs/api',
    type: 'text/html',
    headers: { 'Cache-Control': 'no-cache', 'Content-Security-Policy': REFERENCE_CSP },
    body: (ctx) => referencePage(ctx.deps.config.brandName),
  },
  { path: '/docs/api/start.js', type: 'text/javascript', headers: { 'Cache-Control': 'public, max-age=300' }, body: () => START_SCRIPT },
  {
    path: '/docs/api/redoc.standalone.js',
    type: 'text/javascript',
    headers: { 'Cache-Control': 'public, max-age=86400' },
    body: () => createReadStream(redocBundle()),
  },
];

/** What GET /api/openapi.json answers, as far as a client relies on it. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/**
 * The API reference: the OpenAPI 3.1 document made from this very route table (so it is
 * complete once every router has been mounted, and is built on its first request), and a page
 * that draws it with Redoc. See docs/api.md.
 */
export function openApiRoutes(routes: Routes): void {
  let document: Record<string, unknown> | null = null;

  routes.add({
    method: 'get',
    path: '/api/openapi.json',
    access: 'public',
    answer: { body: openApiDocumentSchema },
    handler(ctx) {
      document ??= buildOpenApiDocument(routes.table, { publicUrl: ctx.deps.config.publicUrl });
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = document;
    },
  });

  for (const file of READER_FILES) {
    routes.add({
      method: 'get',
      path: file.path,
      access: 'public',
      answer: { contentType: file.type },
      handler(ctx) {
        ctx.type = file.type;
        ctx.set(file.headers);
        ctx.body = file.body(ctx);
      },
    });
  }
}
