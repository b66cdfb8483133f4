// By path: the config's bundler leaves workspace packages to Node, which cannot load TypeScript.
import { paths } from '../../../packages/shared/src/web/paths.ts';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The screens whose page preloads their code (decision 029), by route pattern: every public
 * page and every screen of a family, as routes.tsx lazy-loads them. `content`: the screen reads
 * GET /api/content before it shows (the public site's words), so its page preloads that too;
 * `config`: the screen's calls need GET /api/config first (the event's id), so its page preloads
 * that (issue 32: on the items screen the catalogue's calls waited for it, and checkout asked
 * for it only once the cart had come, a round trip more before the largest paint each). Staff screens are left out: a member of staff can wait one more
 * round trip.
 */
const ROUTE_MODULES: Record<
  string,
  { name: string; module: string; content?: boolean; config?: boolean }
> = {
  [paths.home.pattern]: { name: 'home', module: 'features/home/HomePage.tsx', content: true },
  [paths.homeAlias.pattern]: { name: 'home', module: 'features/home/HomePage.tsx', content: true },
  [paths.info.pattern]: { name: 'info', module: 'features/info/InfoPage.tsx', content: true },
  [paths.contact.pattern]: {
    name: 'contact',
    module: 'features/contact/ContactPage.tsx',
    content: true,
  },
  [paths.privacyPolicy.pattern]: {
    name: 'privacy-policy',
    module: 'features/legal/PrivacyPolicyPage.tsx',
    content: true,
  },
  [paths.termsOfService.pattern]: {
    name: 'terms-of-service',
    module: 'features/legal/TermsOfServicePage.tsx',
    content: true,
  },
  [paths.register.pattern]: { name: 'register', module: 'features/auth/RegisterPage.tsx' },
  [paths.login.pattern]: { name: 'login', module: 'features/auth/LoginPage.tsx' },
  [paths.verify.pattern]: { name: 'verify', module: 'features/auth/VerifyPage.tsx' },
  [paths.contestants.pattern]: {
    name: 'contestants',
    module: 'features/contestants/ContestantsPage.tsx',
  },
  [paths.createContestant.pattern]: {
    name: 'create-contestant',
    module: 'features/contestants/CreateContestantPage.tsx',
  },
  [paths.editContestant.pattern]: {
    name: 'edit-contestant',
    module: 'features/contestants/EditContestantPage.tsx',
  },
  [paths.sections.pattern]: {
    name: 'sections',
    module: 'features/catalogue/SectionsPage.tsx',
    config: true,
  },
  [paths.categories.pattern]: {
    name: 'categories',
    module: 'features/catalogue/CategoriesPage.tsx',
    config: true,
  },
  [paths.items.pattern]: {
    name: 'items',
    module: 'features/catalogue/ItemsPage.tsx',
    config: true,
  },
  [paths.checkout.pattern]: {
    name: 'checkout',
    module: 'features/checkout/CheckoutPage.tsx',
    config: true,
  },
  [paths.confirmation.pattern]: {
    name: 'confirmation',
    module: 'features/checkout/PaymentConfirmationPage.tsx',
  },
  [paths.myProfile.pattern]: { name: 'my-profile', module: 'features/profile/MyProfilePage.tsx' },
  [paths.myOrders.pattern]: { name: 'my-orders', module: 'features/orders/MyOrdersPage.tsx' },
  [paths.viewOrder.pattern]: { name: 'view-order', module: 'features/orders/ViewOrderPage.tsx' },
  [paths.uploads.pattern]: {
    name: 'uploads',
    module: 'features/uploads/UploadsPage.tsx',
    config: true,
  },
};

/**
 * One page per screen, each preloading that screen's code and styles with the app's (and the
 * public site's content where the screen reads it), so a first visit fetches them together
 * instead of one round trip after another: app, then the screen's chunk, then its content. The
 * server sends a route's page (`pages/pages.json` maps patterns to pages) and index.html, which
 * preloads no screen, for the others. Before issue 19 index.html preloaded the home page's code
 * for every address, about 45 KB that no other page used.
 */
export function routePages(): Plugin {
  let base = '/';
  return {
    name: 'eisteddfod:route-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      // The app's style sheet first: it is what the first paint (the loading overlay) waits for,
      // so it should not queue behind the scripts.
      handler(html) {
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        let page = html;
        for (const sheet of sheets) page = page.replace(sheet, '');
        return page.replace(
          /(\s*)<script type="module"/,
          `${sheets.join('')}$1<script type="module"`,
        );
      },
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        throw new Error('route-pages: the build has no index.html');
      }
      const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-pages: the build has no entry chunk');
      /** A chunk's file and every file it imports statically, each once. */
      const tree = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const f of chunk.imports) tree(f, into);
        return into;
      };
      const loaded = tree(entry.fileName);
      const table: Record<string, string> = {};
      /** Each screen's files beyond the entry's, for fetching it ahead (decision 051). */
      const screens: Record<string, string[]> = {};
      for (const [pattern, route] of Object.entries(ROUTE_MODULES)) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${route.module}`));
        if (!chunk) throw new Error(`route-pages: no chunk for ${route.module}`);
        const scripts = [...tree(chunk.fileName)].filter((file) => !loaded.has(file));
        const file = `pages/${route.name}.html`;
        table[pattern] = file;
        screens[pattern] = [...scripts, ...stylesOf(scripts)].map((f) => base + f);
        if (bundle[file]) continue; // '/' and '/home' share one page
        this.emitFile({
          type: 'asset',
          fileName: file,
          source: withTags(index.source, preloads(scripts, route)),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'pages/pages.json',
        source: JSON.stringify(table, null, 2),
      });
      this.emitFile({
        type: 'asset',
        fileName: 'pages/screens.json',
        source: JSON.stringify(screens),
      });

      /** The style sheets the chunks of `scripts` bring. */
      function stylesOf(scripts: string[]): string[] {
        return scripts.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
      }

      function preloads(
        scripts: string[],
        route: { content?: boolean; config?: boolean },
      ): HtmlTagDescriptor[] {
        const styles = stylesOf(scripts);
        return [
          ...(route.content
            ? [{ rel: 'preload', href: '/api/content', as: 'fetch', crossorigin: '' }]
            : []),
          ...(route.config
            ? [{ rel: 'preload', href: '/api/config', as: 'fetch', crossorigin: '' }]
            : []),
          // Low: the app's own code and styles come first, as they draw the first screen.
          ...scripts.map((file) => ({
            rel: 'modulepreload',
            crossorigin: '',
            fetchpriority: 'low',
            href: base + file,
          })),
          // crossorigin as Vite's loader sets it on the stylesheet, or the preload is unused.
          ...styles.map((file) => ({
            rel: 'preload',
            as: 'style',
            crossorigin: '',
            fetchpriority: 'low',
            href: base + file,
          })),
        ].map((attrs) => ({ tag: 'link', attrs }));
      }
    },
  };
}

/** `html` with `tags` (links, attributes only) at the end of its head. */
function withTags(html: string, tags: HtmlTagDescriptor[]): string {
  const links = tags.map(({ attrs }) => {
    const list = Object.entries(attrs ?? {}).map(([k, v]) => (v === '' ? k : `${k}="${v}"`));
    return `\n    <link ${list.join(' ')}>`;
  });
  return html.replace(/\s*<\/head>/, `${links.join('')}\n  </head>`);
}
