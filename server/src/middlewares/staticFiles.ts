import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { Config } from '../config.ts';
import type { AppContextExtensions, AppState } from '../context.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const portalDist = resolve(root, 'portal/dist');
const widgetsDist = resolve(root, 'widgets/dist');
const examplesDir = resolve(root, 'examples');

const YEAR = 365 * 24 * 60 * 60;
const HASHED_NAME = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

/**
 * Serves the built portal (index.html for client routes), the widget bundles under /widgets/
 * and the example pages under /examples/. API paths never reach here.
 */
export function staticFiles(config: Config): Middleware<AppState, AppContextExtensions> {
  const serve: Middleware<AppState, AppContextExtensions> = async (ctx, next) => {
    if (ctx.path.startsWith('/widgets/')) {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      const served = await trySend(ctx, ctx.path.slice('/widgets'.length), widgetsDist);
      if (served) {
        ctx.set('Cache-Control', HASHED_NAME.test(ctx.path) ? `public, max-age=${YEAR}, immutable` : 'public, max-age=300');
        return;
      }
      return next();
    }

    if (ctx.path.startsWith('/examples/') || ctx.path === '/examples') {
      const path = ctx.path === '/examples' || ctx.path === '/examples/' ? '/index.html' : ctx.path.slice('/examples'.length);
      if (await trySend(ctx, path, examplesDir)) return;
      return next();
    }

    if (ctx.path !== '/' && (await trySend(ctx, ctx.path, portalDist))) {
      ctx.set('Cache-Control', ctx.path.startsWith('/assets/') ? `public, max-age=${YEAR}, immutable` : 'public, max-age=300');
      return;
    }

    // "/" is written by the server (routes/pages/): the landing page with its content, or the
    // app's shell with the session's answer. Other client-side routes: the portal's index.html
    // decides what to show (including its 404).
    if (ctx.path === '/') return next();
    if (ctx.accepts('html')) {
      const index = resolve(portalDist, 'index.html');
      if (existsSync(index)) {
        ctx.set('Cache-Control', 'no-cache');
        await send(ctx, 'index.html', { root: portalDist });
        ctx.vary('Accept-Encoding');
        return;
      }
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = notBuiltPage(config.brandName);
      return;
    }
    return next();
  };
  // API calls pass straight through, without the cost of an async step of their own.
  return (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path === '/healthz' || ctx.path === '/readyz' || ctx.path.startsWith('/.well-known/')) return next();
    // The API reference's page and its scripts are routes (routes/api/openapi/), not the portal's.
    if (ctx.path === '/docs/api' || ctx.path.startsWith('/docs/api/')) return next();
    // Directory sync (SCIM 2.0) is an API of its own (routes/scim/).
    if (ctx.path.startsWith('/scim/')) return next();
    return serve(ctx, next);
  };
}

async function trySend(ctx: Parameters<typeof send>[0], path: string, dir: string): Promise<boolean> {
  if (!existsSync(dir) || path.endsWith('/')) return false;
  try {
    await send(ctx, path, { root: dir, gzip: true, brotli: true, hidden: false });
    // A file may have .br/.gz siblings: caches must key on what the browser accepts.
    ctx.vary('Accept-Encoding');
    return true;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404 || status === 400 || status === 403) return false;
    throw error;
  }
}

export function notBuiltPage(brand: string): string {
  const safe = brand.replace(/[<>&"]/g, '');
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${safe}</title>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>${safe}</h1><p>The API is running, but the portal has not been built yet.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload this page.</p></body></html>`;
}
