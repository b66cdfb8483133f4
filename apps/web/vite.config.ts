import { readdirSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileCatalogues } from './scripts/compile-catalogues.ts';
import { routePages } from './scripts/route-pages.ts';

/**
 * The staff screens' chunks (src/features/staff/*Page.tsx), named as the build names them. Their
 * dependencies are not listed in the app's entry for preloading: every lazy route's list is
 * shipped to every family on the first visit (bench/web-bundle), and a member of staff opening a
 * screen can wait one more round trip.
 */
const STAFF_PAGE = new RegExp(
  `/(${readdirSync(new URL('./src/features/staff', import.meta.url))
    .filter((f) => f.endsWith('Page.tsx'))
    .map((f) => f.replace('.tsx', ''))
    .join('|')})-[\\w-]+\\.js$`,
);

export default defineConfig({
  plugins: [react(), routePages(), compileCatalogues()],
  server: {
    port: 5173,
    // In development the API runs separately (npm run dev); in production it serves this build.
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-bundle reads it to find what each screen loads first.
    manifest: true,
    modulePreload: {
      resolveDependencies: (url, deps) => (STAFF_PAGE.test(url) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Everything the entry needs in one chunk: shared pieces of it (React's DOM, Mantine's
        // Box, the API client) would otherwise be split into small chunks of their own, each one
        // more request before the first screen.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
