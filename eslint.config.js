import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'packages/server/drizzle/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Only packages/server/src/config.ts reads process.env.' },
      ],
    },
  },
  {
    // Type-aware rules: a promise that is neither awaited nor handled, or passed where nothing
    // waits for it, is an error (a forgotten await lets a test pass without checking anything).
    // Scoped to the code with I/O: type information costs time (core has no promises).
    files: ['packages/server/**/*.ts', 'packages/web/src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['packages/server/src/config.ts', 'e2e/**', 'bench/**', 'scripts/**', '**/*.config.ts', 'packages/server/test/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@kavel/server*', '@kavel/web*', 'node:*'] }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@kavel/server*'] }] },
  },
);
