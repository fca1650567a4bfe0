// ESLint for the whole repository (npm run lint). Formatting is Prettier's job (npm run
// format:check), so no rule here is about layout.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', 'storybook-static/', 'test-results/', 'coverage/', 'data/', 'bench/results/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
      // verbatimModuleSyntax already demands `import type` for types; this keeps them grouped the same way.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Browser code: the portal, the widgets, Storybook and the pages they run in.
    files: ['portal/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}', 'examples/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['portal/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'storybook/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
