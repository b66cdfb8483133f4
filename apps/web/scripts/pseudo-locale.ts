import react from '@vitejs/plugin-react';
import { compileCatalogues } from './compile-catalogues.ts';

/**
 * The web app's plugins for its tests in the pseudo-locale (vitest.config.ts, project
 * web-pseudo; decision 057): every catalogue compiled to accented, bracketed words.
 */
export const pseudoLocalePlugins = [react(), compileCatalogues({ pseudo: true })];
