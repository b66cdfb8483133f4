import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='localStorage']",
          message: 'Use lib/storage.ts: the browser storage keys have one home.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/storage.ts', 'apps/web/vitest.setup.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts', '**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from config/env.ts.' },
      ],
    },
  },
  // bulletproof-react's boundaries: features are apart; what several use lives in shared/,
  // components/ or lib/, which import no feature; app/ composes the features into routes.
  // The API's modules meet only at their faces, in no loop, above layers that know none of them
  // (decision 010).
  // The rules resolve each import to the file it names (eslint.boundaries.js).
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/web-layers': 'error',
      'boundaries/database-access': 'error',
      'boundaries/api-modules': 'error',
    },
  },
  // Drizzle and the schema: only repositories and db/ touch the database (decision 010).
  {
    files: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/test/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.test-helpers.ts',
    ],
    rules: { 'boundaries/database-access': 'off' },
  },
);
