import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features: each may use the shared layers, never another feature. */
const WEB_FEATURES = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Drizzle and the schema: only repositories and db/ touch the database (decision 010). */
const DATABASE_IMPORTS = {
  paths: [{ name: 'drizzle-orm', message: 'Queries live in *.repository.ts (decision 010).' }],
  patterns: [
    { group: ['drizzle-orm/*'], message: 'Queries live in *.repository.ts (decision 010).' },
    { group: ['**/db/schema/**'], message: 'Queries live in *.repository.ts (decision 010).' },
  ],
};

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
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: WEB_FEATURES.filter((other) => other !== feature).flatMap((other) =>
                ['../', '../../', '../../../', '../../../../'].map((up) => `${up}${other}/**`),
              ),
              message: 'Features do not import each other: move what both use to shared/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{shared,components,lib,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**'], message: 'The shared layers import no feature.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/db/**',
      'apps/api/src/test/**',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/**/*.test-helpers.ts',
    ],
    rules: { 'no-restricted-imports': ['error', DATABASE_IMPORTS] },
  },
);
