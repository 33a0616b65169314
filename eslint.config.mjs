// ESLint for the whole repository (`npm run lint`). Type-aware rules (floating promises and the
// like) run where a tsconfig covers the file; the import-cycle rule sees type-only imports too
// (eslint/noImportCycle.cjs). Formatting is Prettier's, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import meridian from './eslint/plugin.cjs';

const typeChecked = ['server/src/**/*.ts', 'metadata/src/**/*.ts', 'runtime/src/**/*.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
      'metadata/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { meridian, '@eslint-community/eslint-comments': eslintComments },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'meridian/no-import-cycle': 'error',
      // A rule switched off in place says why, after `--`.
      '@eslint-community/eslint-comments/require-description': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: typeChecked,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-router's navigate() is typed `void | Promise<void>` for data routers; the app's hash
      // router navigates synchronously, so a call to it is not a lost promise.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Tests read JSON answers whose shape the assertions check; typing every probe adds nothing.
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', 'server/src/testing/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['runtime/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The browser's own date inputs show its locale's mm/dd/yyyy and calendar: dates use the app's picker.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='type'][value.value=/^(date|datetime-local|month|week|time)$/]",
          message:
            "No native date or time input: use the app's date picker (widgets/DateInput, or the DatePicker of a Formily schema).",
        },
      ],
    },
  },
  {
    // The platform reaches the application only through registries (docs/developer-guide.md
    // "Domain modules"): outside the domain folders, only the composition roots (the entries,
    // the test server and test set-up) and tests import server/src/srm or runtime/src/srm.
    files: ['server/src/**/*.ts', 'runtime/src/**/*.{ts,tsx}'],
    ignores: [
      'server/src/srm/**',
      'runtime/src/srm/**',
      'server/src/main.ts',
      'server/src/testing/**',
      'runtime/src/main.tsx',
      'runtime/src/test/**',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/srm', '**/srm/**'],
              message:
                'The platform imports no domain: register through a registry (DomainModule on the server, the runtime registries of app/extensions.ts and widgets/domainWidgets.ts).',
            },
          ],
        },
      ],
    },
  },
);
