import { readdirSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

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

/** The module routes.tsx lazy-loads for the home page ('/'), where most visits start. */
const HOME_ROUTE_MODULE = 'src/features/home/HomePage.tsx';

/**
 * Lets a first visit fetch what the home page needs together with the app, instead of one
 * round trip after another (app, then the home page's chunk, then its content): index.html
 * preloads the home route's chunks and styles and the public site's content (GET /api/content,
 * which the home page, the information page and the footer read). The other pages' chunks still
 * load on demand.
 */
function preloadHomeRoute(): Plugin {
  let base = '/';
  return {
    name: 'eisteddfod:preload-home-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const home = chunks.find((c) => c.facadeModuleId?.endsWith(HOME_ROUTE_MODULE));
        if (!home) throw new Error(`preload-home-route: no chunk for ${HOME_ROUTE_MODULE}`);
        // What the entry already loads is in index.html; add the rest of the home route's tree.
        const loaded = new Set<string>();
        const visit = (file: string) => {
          if (loaded.has(file)) return;
          loaded.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(entry.fileName);
        const before = new Set(loaded);
        visit(home.fileName);
        const scripts = [...loaded].filter((file) => !before.has(file));
        const styles = scripts.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/api/content', as: 'fetch', crossorigin: '' },
            injectTo: 'head',
          },
          ...scripts.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            // Low: the app's own code and styles come first, as they draw the first screen.
            attrs: {
              rel: 'modulepreload',
              crossorigin: '',
              fetchpriority: 'low',
              href: base + file,
            },
            injectTo: 'head',
          })),
          ...styles.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            // crossorigin as Vite's loader sets it on the stylesheet, or the preload is unused.
            attrs: {
              rel: 'preload',
              as: 'style',
              crossorigin: '',
              fetchpriority: 'low',
              href: base + file,
            },
            injectTo: 'head',
          })),
        ];
        // The app's style sheet first: it is what the first paint (the loading overlay) waits for,
        // so it should not queue behind the scripts.
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        let page = html;
        for (const sheet of sheets) page = page.replace(sheet, '');
        page = page.replace(
          /(\s*)<script type="module"/,
          `${sheets.join('')}$1<script type="module"`,
        );
        return { html: page, tags };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadHomeRoute()],
  server: {
    port: 5173,
    // In development the API runs separately (npm run dev); in production it serves this build.
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-bundle reads it to find what the home route loads.
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
