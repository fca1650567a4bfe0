import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { buildRoutes } from '../index.ts';
import { API_SUMMARY_PATH, apiSummaryMarkdown } from './apiSummary.ts';
import { buildOpenApiDocument, openApiPath } from './document.ts';
import { ROUTE_DOCS, routeName } from './routeDocs.ts';

const table = buildRoutes().table;
const document = buildOpenApiDocument(table, { publicUrl: 'https://training.example.com' }) as {
  paths: Record<string, Record<string, { security: unknown[]; 'x-cross-origin'?: boolean; responses: Record<string, unknown> }>>;
};

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 (@redocly/openapi-core, recommended rules, errors only)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('has every route of the table once, under its method', () => {
    for (const route of table) expect(document.paths[openApiPath(route.path)]?.[route.method], routeName(route)).toBeDefined();
    const operations = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(operations).toBe(table.length);
  });

  it('marks public routes public and the widgets’ and credentials’ endpoints cross-origin', () => {
    for (const route of table) {
      const operation = document.paths[openApiPath(route.path)]![route.method]!;
      expect(operation.security, routeName(route)).toEqual(route.access === 'public' ? [] : [{ session: [] }]);
    }
    for (const [method, path] of [
      ['get', '/api/courses'],
      ['post', '/api/contact'],
      ['get', '/api/certificates/{number}/credential'],
      ['get', '/.well-known/jwks.json'],
    ] as const) {
      expect(document.paths[path]?.[method]?.['x-cross-origin'], `${method} ${path}`).toBe(true);
    }
    expect(document.paths['/api/admin/students']?.get?.['x-cross-origin']).toBeUndefined();
  });

  it('answers errors in the shared Error shape', () => {
    expect(document.paths['/api/admin/students']?.get?.responses['403']).toEqual({ $ref: '#/components/responses/Error403' });
  });

  it('refers to each DTO answer as a shared component, and every $ref resolves', () => {
    const profile = document.paths['/api/user']?.get?.responses['200'];
    expect(profile).toEqual({ description: expect.any(String), content: { 'application/json': { schema: { $ref: '#/components/schemas/UserDto' } } } });
    const schemas = (document as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in schemas))).toEqual([]);
  });

  it('documents only routes that exist', () => {
    const names = new Set(table.map(routeName));
    expect(Object.keys(ROUTE_DOCS).filter((name) => !names.has(name))).toEqual([]);
  });

  it('has a summary in docs/api.md that is not stale', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../../..', API_SUMMARY_PATH), 'utf8');
    expect(committed, `${API_SUMMARY_PATH} is stale: run \`npm run docs:api\``).toBe(apiSummaryMarkdown(table));
  });
});

describe('GET /api/openapi.json and /docs/api', () => {
  const server = useTestServer();

  it('serves the document made from the running server’s table', async () => {
    const response = await server.client().get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.servers).toEqual([{ url: server.url }]);
    expect(Object.keys(response.body.paths)).toEqual(Object.keys(document.paths));
  });

  it('serves the reference page and the renderer only it loads', async () => {
    const page = await server.client().get('/docs/api', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('<script src="/docs/api/redoc.standalone.js"></script>');
    const bundle = await server.client().get('/docs/api/redoc.standalone.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });
});
