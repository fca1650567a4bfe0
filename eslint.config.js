// ESLint for the whole repository (npm run lint). Formatting is Prettier's job (npm run
// format:check), so no rule here is about layout. The rules read syntax only: typescript-eslint's
// type-aware presets build a TypeScript program per tsconfig, which made a lint run several
// times slower on a 2-core CI machine; `npm run typecheck` already runs the compiler.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'storybook-static/', 'test-results/', 'coverage/', 'data/', 'bench/results/'],
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
  {
    // One clock (docs/architecture.md): commands and queries take the time from the app clock
    // (`deps.clock`, or a `now` their caller read from it), so tests can move it.
    files: ['server/src/commands/**/*.ts', 'server/src/queries/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Take the time from the app clock (deps.clock or a `now` argument).' }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Take the time from the app clock (deps.clock or a `now` argument).' },
      ],
    },
  },
);
