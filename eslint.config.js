// ESLint for the whole repository (npm run lint). Formatting is Prettier's job (npm run
// format:check), so no rule here is about layout. The rules read syntax only: typescript-eslint's
// type-aware presets build a TypeScript program per tsconfig, which made a lint run several
// times slower on a 2-core CI machine; `npm run typecheck` already runs the compiler.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The server's layers, checked on every import (docs/architecture.md, "Layers"). An element may
 * import, by value, its own layer and the ones listed for it; nothing imports upward:
 *
 *   entry points (index.ts, app.ts, the *Cli.ts scripts)
 *   → routes, middlewares, scheduler, seed (the demo catalogue, demo learner and first admin)
 *   → commands (writes), queries (reads), reminders (the scheduled jobs, which write like commands)
 *   → services (adapters to the outside), mail (templates and rendering)
 *   → db, models
 *   → config.ts, errors.ts (import nothing of the app)
 *
 * Policies decide who may do what: from the user and models alone, or with the reads a rule needs
 * (queries: "is this user a manager of that school?"), never services, commands or db. Presenters
 * are pure: values only from models, errors and policies (a card's `canEdit`). Commands may ask a
 * policy; queries may not (a read never decides access, so policy → query has no way back). The one exception is PURE_HELPERS below:
 * named functions of db/ and queries/ that only convert or key a value a presenter is handed.
 *
 * `import type` is allowed across any layer: a type is gone once compiled, so it makes neither a
 * run-time dependency nor a load-order cycle, and row types live beside the query or model that
 * returns them (a presenter names `MemberRow` from queries/schools.ts, a command names `AppDeps`).
 * Tests and test helpers (server/src/test/) may import anything.
 */
// Folders are elements; the layers that are single files (the entry points, context.ts,
// config.ts and errors.ts) are file categories, as boundaries 7 classifies files.
const SERVER_FILES = [
  { category: 'entry', pattern: ['server/src/index.ts', 'server/src/app.ts', 'server/src/**/*Cli.ts'] },
  { category: 'context', pattern: 'server/src/context.ts' },
  { category: 'base', pattern: ['server/src/config.ts', 'server/src/config/**', 'server/src/errors.ts'] },
];
const FILE_LAYERS = new Set(SERVER_FILES.map((file) => file.category));
const SERVER_LAYERS = [
  { type: 'routes', pattern: 'server/src/routes/**', partialMatch: false },
  { type: 'seed', pattern: 'server/src/seed/**', partialMatch: false },
  { type: 'middlewares', pattern: 'server/src/middlewares/**', partialMatch: false },
  { type: 'scheduler', pattern: 'server/src/scheduler/**', partialMatch: false },
  { type: 'jobs', pattern: 'server/src/reminders/**', partialMatch: false },
  { type: 'commands', pattern: 'server/src/commands/**', partialMatch: false },
  { type: 'queries', pattern: 'server/src/queries/**', partialMatch: false },
  { type: 'policies', pattern: 'server/src/policies/**', partialMatch: false },
  { type: 'presenters', pattern: 'server/src/presenters/**', partialMatch: false },
  { type: 'services', pattern: 'server/src/services/**', partialMatch: false },
  { type: 'mail', pattern: 'server/src/mail/**', partialMatch: false },
  { type: 'db', pattern: 'server/src/db/**', partialMatch: false },
  { type: 'models', pattern: 'server/src/models/**', partialMatch: false },
];

/** What each layer may import by value, besides itself. */
const MAY_IMPORT = {
  routes: ['middlewares', 'scheduler', 'seed', 'jobs', 'commands', 'queries', 'policies', 'presenters', 'services', 'mail', 'db', 'models', 'base'],
  seed: ['commands', 'queries', 'services', 'db', 'models', 'base'],
  middlewares: ['commands', 'queries', 'policies', 'presenters', 'services', 'mail', 'db', 'models', 'base'],
  scheduler: ['jobs', 'services', 'db', 'models', 'base'],
  jobs: ['commands', 'queries', 'services', 'mail', 'db', 'models', 'base'],
  commands: ['queries', 'policies', 'services', 'mail', 'db', 'models', 'base'],
  queries: ['services', 'db', 'models', 'base'],
  policies: ['queries', 'models', 'base'],
  presenters: ['policies', 'models', 'base'],
  services: ['mail', 'db', 'models', 'base'],
  mail: ['base'],
  db: ['models', 'base'],
  models: ['base'],
  base: [],
};

/**
 * Pure functions a presenter may import by value from a lower layer: `toIso` and `dbBoolean`
 * (db/knex.ts: a stored epoch-ms value as the wire's ISO string, a stored 0/1 as a boolean), `factKey` (the key of queries/schools.ts's progress
 * map) and `expiresOn` (queries/trainingStatus.ts: the day a certificate lapses).
 */
const PURE_HELPERS = ['toIso', 'dbBoolean', 'factKey', 'expiresOn'];

const serverLayers = {
  files: ['server/src/**/*.{ts,tsx}'],
  ignores: ['server/src/**/*.test.{ts,tsx}', 'server/src/test/**'],
  plugins: { boundaries, 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'boundaries/elements': SERVER_LAYERS,
    'boundaries/files': SERVER_FILES,
    'boundaries/include': ['server/src/**/*'],
    'boundaries/ignore': ['server/src/**/*.test.{ts,tsx}', 'server/src/test/**'],
  },
  rules: {
    // No run-time import cycle in the server (a type-only import is no edge). Measured on the whole
    // repository (`eslint .`, CPU time on the 2-core machine): 31.6 s without the layer rules,
    // 37.2 s with boundaries, 40.5 s with this rule too.
    'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          '{{#if from.type}}{{from.type}}{{else}}{{from.file.categories}}{{/if}} may not import {{#if to.type}}{{to.type}}{{else}}{{to.file.categories}}{{/if}} by value (eslint.config.js, SERVER_LAYERS; `import type` is allowed)',
        policies: [
          { from: { file: { categories: 'entry' } }, allow: { to: { file: { path: '**' } } } },
          { allow: { to: { file: { path: '**' } }, dependency: { kind: 'type' } } },
          { from: { element: { type: 'presenters' } }, allow: { to: { element: { type: ['db', 'queries'] } }, dependency: { specifiers: PURE_HELPERS } } },
          ...Object.entries(MAY_IMPORT).flatMap(([layer, below]) => {
            const from = FILE_LAYERS.has(layer) ? { file: { categories: layer } } : { element: { type: layer } };
            const layers = [layer, ...below];
            const folders = layers.filter((name) => !FILE_LAYERS.has(name));
            const files = layers.filter((name) => FILE_LAYERS.has(name));
            return [
              ...(folders.length ? [{ from, allow: { to: { element: { type: folders } } } }] : []),
              ...(files.length ? [{ from, allow: { to: { file: { categories: files } } } }] : []),
            ];
          }),
        ],
      },
    ],
  },
};

/**
 * Whether someone is enrolled is read in one place, the course's access policy (issue 51): a
 * route, command or query asks `courseAccess` / `courseAccessOf` instead of reading the fact.
 */
const ENROLLMENT_FACT = {
  group: ['**/queries/enrollments.ts', './enrollments.ts'],
  importNames: ['isEnrolled'],
  message: "Ask policies/courseAccess.ts (courseAccess(…, 'enrollment').enrolled) instead of reading the enrollment (issue 51).",
};

/** One clock: `new Date()` without an argument is the wall clock (commands and queries take the app's). */
const CLOCK_SYNTAX = {
  selector: "NewExpression[callee.name='Date'][arguments.length=0]",
  message: 'Take the time from the app clock (deps.clock or a `now` argument).',
};

/** A call that builds a query, and one that writes (a statement, a lock, a transaction, the outbox, the catalogue's writer, files). */
const QUERY_CALL = 'CallExpression[callee.property.name=/^(select|first|pluck|count|countDistinct|where|whereIn|leftJoin)$/]';
const WRITE_CALL = [
  'CallExpression[callee.property.name=/^(insert|update|del|delete|merge|increment|decrement|onConflict|forUpdate|transaction|upsertProgress)$/]',
  'CallExpression[callee.name=/^(inTransaction|writeCatalogue|enqueueMail|enqueuePersonalised|releaseFiles)$/]',
].join(', ');

/** Inside a <Badge>, or choosing whether to show one: the one place a role string is compared. */
const BADGE =
  "JSXElement[openingElement.name.name='Badge'] BinaryExpression, ConditionalExpression[consequent.openingElement.name.name='Badge'] > BinaryExpression.test";

/** Outside api/, the portal does not touch the QueryClient (issue 52, docs/portal.md). */
const NO_QUERY_CLIENT = {
  name: '@tanstack/react-query',
  importNames: ['useQueryClient'],
  message: 'Refresh or write the cache in the api/ hook that made the change (invalidatePaths, api/invalidate.ts), not here (docs/portal.md).',
};

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'portal/dist-ssr/', 'storybook-static/', 'test-results/', 'coverage/', 'data/', 'bench/results/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // STYLE: TypeScript strict, no `any`.
      '@typescript-eslint/no-explicit-any': 'error',
      // `_` marks a parameter or element a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `== null` is the one loose comparison worth keeping: it means null or undefined.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Browser code: the portal, the widgets and Storybook.
    files: ['portal/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The example pages' own scripts: plain browser modules, as a school site would load them.
    files: ['examples/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['portal/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a stale value at run time, not a matter of taste.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  serverLayers,
  {
    files: ['server/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'server/src/test/**', 'server/src/policies/courseAccess.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ENROLLMENT_FACT] }] },
  },
  {
    // A route folder does not import another (issue 51): what two URL prefixes share is defined once
    // in routes/owners/ (or routes/groupRoutes.ts) and mounted by each, and shared rows live in presenters/.
    files: ['server/src/routes/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // Handlers read and write through queries/ and commands/, never a table of their own.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='db']", message: 'A route reads through queries/ and writes through commands/, not db(…).' },
        {
          selector: "CallExpression[callee.property.name='db'][callee.object.property.name='deps']",
          message: 'A route reads through queries/ and writes through commands/, not ctx.deps.db(…).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/',
              message: 'A route folder may not import another: mount shared routes from routes/owners/, share rows through presenters/.',
            },
            ENROLLMENT_FACT,
          ],
        },
      ],
    },
  },
  {
    // One clock (docs/architecture.md): commands and queries take the time from the app clock
    // (`deps.clock`, or a `now` their caller read from it), so tests can move it.
    files: ['server/src/commands/**/*.ts', 'server/src/queries/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Take the time from the app clock (deps.clock or a `now` argument).' }],
      'no-restricted-syntax': ['error', CLOCK_SYNTAX],
    },
  },
  {
    // commands/ write; reads live in queries/ (issue 51). Refused here: an exported function named
    // as a read (get…, list…, load…, read…, fetch…, select…, find… but findOrAdopt…), and
    // one, whatever its name, that builds a query (select, first, where, join …) and writes nothing
    // in it: no insert, update, delete, upsert, lock or transaction, and no call of the outbox,
    // the catalogue's writer or releaseFiles. A step that takes its caller's transaction (`trx`)
    // is part of that write, and a command that writes through another command it calls builds no
    // query of its own, so neither is seen as a read.
    files: ['server/src/commands/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration > FunctionDeclaration[id.name=/^(get|list|load|read|fetch|select|find(?!Or))[A-Z]/]',
          message: 'A command writes: put this read in queries/ (issue 51).',
        },
        {
          selector: 'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/^(get|list|load|read|fetch|select|find(?!Or))[A-Z]/]',
          message: 'A command writes: put this read in queries/ (issue 51).',
        },
        ...['ExportNamedDeclaration > FunctionDeclaration', 'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ArrowFunctionExpression'].map(
          (exported) => ({
            selector: `${exported}:not(:has(> Identifier[name='trx'])):has(${QUERY_CALL}):not(:has(${WRITE_CALL}))`,
            message: 'A command writes: this exported function only reads, so it belongs in queries/ (issue 51).',
          }),
        ),
        // Restated: a later block's no-restricted-syntax replaces an earlier one's for the same files.
        CLOCK_SYNTAX,
      ],
    },
  },
  {
    // queries/ return rows; presenters/ turn rows into DTOs (issue 51): a query imports no DTO type.
    files: ['server/src/queries/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@atrium/common', '@atrium/common/*'],
              importNamePattern: 'Dto$',
              message: 'A query returns its row type; the presenter makes the DTO (issue 51).',
            },
          ],
        },
      ],
    },
  },
  // The portal's rules (issue 52, docs/portal.md). A scene folder does not import another: what
  // several scenes share lives in components/<feature>/.
  ...[
    { files: ['portal/src/scenes/*/*.{ts,tsx}'], up: '\\.\\./' },
    { files: ['portal/src/scenes/*/*/*.{ts,tsx}'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NO_QUERY_CLIENT],
          patterns: [
            {
              regex: `^${up}[^./][^/]*/`,
              message: 'A scene does not import another scene’s folder: move what both use to components/<feature>/ (docs/portal.md).',
            },
          ],
        },
      ],
    },
  })),
  {
    // Scenes, components and the session never touch the QueryClient: the api/ hook that changes
    // something refreshes what it moved, so every caller gets the same refresh.
    files: ['portal/src/components/**/*.{ts,tsx}', 'portal/src/session/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_QUERY_CLIENT] }] },
  },
  {
    // A scene's view takes data, callbacks and state unions as props: nothing from api/ or session/
    // but types, so it renders in Storybook with no QueryClient and no session.
    files: ['portal/src/scenes/**/[A-Z]*View.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(api|session)/',
              allowTypeImports: true,
              message: 'A view imports nothing from api/ or session/ but types: its container passes data and callbacks (docs/portal.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // One kit for a read's state (issue 52, docs/portal.md): QueryState draws a read's failure, and
    // failedWithNothingToShow is its rule where a read is not drawn by it, so a refresh that fails
    // on the way keeps what is on screen. A mutation's failure is its `error`.
    files: ['portal/src/**/*.{ts,tsx}'],
    //
    // One way to refresh after a change: invalidate.ts's invalidatePaths (or invalidateMatching),
    // called from the api/ hook that made the change.
    ignores: [
      '**/*.test.{ts,tsx}',
      // Defines failedWithNothingToShow, the rule itself (and refreshes nothing).
      'portal/src/api/client.ts',
      // Defines invalidatePaths and invalidateMatching (and reads nothing).
      'portal/src/api/invalidate.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'isError',
          message: 'Draw the read with QueryState (or judge it with failedWithNothingToShow): a failed refresh keeps what is on screen (docs/portal.md).',
        },
        {
          property: 'invalidateQueries',
          message: 'Refresh after a change with invalidatePaths (or invalidateMatching) from api/invalidate.ts (docs/portal.md).',
        },
      ],
    },
  },
  {
    // The server decides what a caller may do and ships it as `can: {…}` (issue 51): the portal
    // reads `dto.can.*`, and compares role strings only to label a badge.
    files: ['portal/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'portal/src/test/**',
      // `isAdmin` for the session: which admin routes and pages the portal offers at all.
      'portal/src/session/AuthProvider.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `BinaryExpression:matches([left.name='role'], [right.name='role'], [left.property.name='role'], [right.property.name='role'], [left.expression.property.name='role'], [right.expression.property.name='role']):not(${BADGE})`,
          message: 'Read what the caller may do from the answer (`dto.can.*`), not from a role string; roles only label badges.',
        },
      ],
    },
  },
);
