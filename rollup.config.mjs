// Builds the embeddable widgets: one self-contained IIFE per element in widgets/dist/, plus the
// support chat's lazily loaded panel. React is swapped for preact/compat to keep them small.
// IIFE, not UMD: a UMD bundle defines an anonymous AMD module on pages that load RequireJS (as
// many school CMSs do) and never runs.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const widgets = resolve(root, 'widgets');
const dist = resolve(widgets, 'dist');

const stylisSrc = resolve(dirname(createRequire(import.meta.url).resolve('stylis/package.json')), 'src');

/**
 * styled-components imports all of stylis, including its vendor prefixer (~2 KB gzip), which it
 * only calls when a StyleSheetManager sets enableVendorPrefixes. The widgets never do, so they
 * get stylis without it; calling it anyway fails loudly instead of silently not prefixing.
 */
const stylisWithoutPrefixer = {
  name: 'atrium-stylis-without-prefixer',
  resolveId(source, importer) {
    return source === 'stylis' && importer && /styled-components/.test(importer) ? '\0stylis-without-prefixer' : null;
  },
  load(id) {
    if (id !== '\0stylis-without-prefixer') return null;
    const file = (name) => JSON.stringify(resolve(stylisSrc, name));
    return [
      `export { RULESET } from ${file('Enum.js')};`,
      `export { compile } from ${file('Parser.js')};`,
      `export { serialize, stringify } from ${file('Serializer.js')};`,
      `export { middleware, rulesheet } from ${file('Middleware.js')};`,
      `export function prefixer() { throw new Error('Vendor prefixing is not built into the Atrium widgets'); }`,
    ].join('\n');
  },
};

/**
 * The CSS in styled-components templates keeps its indentation through terser (it is string
 * content). Dropping leading whitespace from every line of our own compiled sources removes it;
 * lines stay where they were, so the source maps stay right line by line.
 */
const stripIndentation = {
  name: 'atrium-strip-indentation',
  transform(code, id) {
    if (!id.startsWith(resolve(widgets, 'src')) && !id.startsWith(resolve(root, 'common', 'src'))) return null;
    return { code: code.replace(/\n[ \t]+/g, '\n'), map: null };
  },
};

/** Filled in by the panel build, read by the launcher build that runs after it. */
let panelFileName = null;

const plugins = ({ first = false } = {}) =>
  [
    first && {
      name: 'atrium-clean-dist',
      buildStart() {
        rmSync(dist, { recursive: true, force: true });
      },
    },
    stylisWithoutPrefixer,
    alias({
      entries: [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react$/, replacement: 'preact/compat' },
      ],
    }),
    nodeResolve({
      browser: true,
      extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'],
      exportConditions: ['browser', 'production', 'module', 'import', 'default'],
    }),
    commonjs(),
    replace({
      preventAssignment: true,
      values: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        __ATRIUM_PANEL_FILE__: () => JSON.stringify(panelFileName ?? 'support-chat-panel.js'),
      },
    }),
    esbuild({
      include: /\.[jt]sx?$/,
      target: 'es2020',
      jsx: 'automatic',
      tsconfig: resolve(widgets, 'tsconfig.json'),
      minify: false,
    }),
    stripIndentation,
    terser({
      ecma: 2020,
      compress: { passes: 3, pure_getters: true },
      format: { comments: false },
    }),
  ].filter(Boolean);

const widgetBuild = (name, input, { first = false, fileName = `${name}.js`, after } = {}) => ({
  input: resolve(widgets, 'src', input),
  plugins: [...plugins({ first }), after].filter(Boolean),
  treeshake: { moduleSideEffects: (id) => !/node_modules[\\/](styled-components|stylis|@emotion)/.test(id) },
  output: {
    dir: dist,
    format: 'iife',
    entryFileNames: fileName,
    // Everything in one file: no chunks to resolve relative to a page that is not ours.
    inlineDynamicImports: true,
    sourcemap: true,
    generatedCode: 'es2015',
  },
  onwarn(warning, warn) {
    // styled-components ships "use client" directives that mean nothing in a bundle.
    if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
    warn(warning);
  },
});

export default [
  // The panel first: the launcher embeds its content-hashed name.
  widgetBuild('support-chat-panel', 'support-chat/panelEntry.tsx', {
    first: true,
    fileName: 'support-chat-panel.[hash].js',
    after: {
      name: 'atrium-panel-name',
      generateBundle(_options, bundle) {
        panelFileName = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry)?.fileName ?? null;
      },
    },
  }),
  widgetBuild('support-chat', 'support-chat/element.ts'),
  widgetBuild('course-grid', 'course-grid/element.ts'),
  widgetBuild('contact-form', 'contact-form/element.ts'),
  widgetBuild('certificate-badge', 'certificate-badge/element.ts'),
];
