import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformAsync } from '@babel/core';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * The server sends a file's `.br` or `.gz` sibling to browsers that accept it (koa-send), and
 * compressing once at build time, at the highest levels, beats compressing every response: the
 * portal's JavaScript travels at about a third of its size.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.name.startsWith('.') ? [] : entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  let dir = '';
  return {
    name: 'atrium-precompress',
    // The server-side build is read from disk by the server, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      dir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
      }
    },
  };
}

/**
 * styled-components names a component by how many components of the same kind were created
 * before it, so the server's bundle (every module at once) and the browser's (the entry, then
 * each lazy chunk) would give one component two names, and the hydrated page classes the
 * server's HTML does not have. Its Babel plugin gives each component an id from its file and
 * position instead, the same in both builds. It runs first, on the TypeScript source of the
 * files that use styled-components only.
 */
function styledComponentIds(): Plugin {
  return {
    name: 'atrium-styled-component-ids',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/') || !code.includes('styled-components')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: id.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
        plugins: [['babel-plugin-styled-components', { ssr: true, displayName: false, fileName: false, pure: true, transpileTemplateLiterals: false }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * The app (src/startApp.tsx) is a dynamic import of the entry, so that a page the server has drawn can
 * paint before it is requested (src/main.tsx). Every other page wants it at once: index.html
 * preloads its chunks (marked `data-app`, which the server removes from the pages it draws).
 */
function appPreloads(): Plugin {
  return {
    name: 'atrium-app-preloads',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
        const app = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/startApp.tsx'));
        if (!app) throw new Error('atrium-app-preloads: the build has no chunk for src/startApp.tsx');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          chunks.get(file)?.imports.forEach(visit);
        };
        visit(app.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app': true },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

// The API runs on the Koa server (npm start, port 3000); in development Vite proxies to it so
// cookies stay first-party. In production the server serves portal/dist itself, and renders the
// landing page with portal/dist-ssr/entry-server.js (the `--ssr` build of src/entry-server.tsx).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [styledComponentIds(), react(), appPreloads(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/widgets': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  ssr: {
    // Everything is bundled into the server build, so React is its production build there as in
    // the browser's (the development build renders the landing page several times slower),
    // whatever NODE_ENV the server runs under; styled-components' package has no `exports`, and
    // Node would give its CommonJS build, whose default import is not `styled`.
    noExternal: true,
  },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // bench/ reads which chunks the landing page's first load needs.
    manifest: true,
    rollupOptions: {
      output: {
        // Its own chunk, so the entry imports it ahead of every chunk that holds zod (src/zodSetup.ts).
        manualChunks: (id) => (id.endsWith('/src/zodSetup.ts') ? 'zodSetup' : undefined),
      },
    },
  },
}));
