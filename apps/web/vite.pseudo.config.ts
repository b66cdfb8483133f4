import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileCatalogues } from './scripts/compile-catalogues.ts';

/** The web app's tests in the pseudo-locale (vitest.config.ts, project web-pseudo; decision 057). */
export default defineConfig({
  plugins: [react(), compileCatalogues({ pseudo: true })],
});
