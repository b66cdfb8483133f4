import { defineConfig } from 'vitest/config';
import { pseudoLocalePlugins } from './apps/web/scripts/pseudo-locale.ts';

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores - 1), which leaves a core idle while a
    // file waits on PostgreSQL, ffmpeg or a timer. Two keep both busy (CI's machine has two).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'lint-rules',
          root: '.',
          include: ['eslint.boundaries.test.js'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds once, into template databases each file's database copies.
          globalSetup: ['./src/test/global-setup.ts'],
          // Each file starts its own database; PGlite start-up is slow on a busy machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.pseudo.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
          // Rendering Mantine screens in jsdom takes seconds on a busy two-core machine: the
          // default 5 s timed out in a full run beside other work.
          testTimeout: 15_000,
        },
      },
      {
        // The family screens in a pseudo-locale (decision 057): every catalogue compiled to
        // accented, bracketed text, so any words on a screen that come from no catalogue show.
        plugins: pseudoLocalePlugins,
        test: {
          name: 'web-pseudo',
          root: 'apps/web',
          include: ['src/**/*.pseudo.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
