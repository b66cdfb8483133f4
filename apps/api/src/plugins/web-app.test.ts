import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

describe("a route's own page", () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-pages-'));
  mkdirSync(path.join(dist, 'pages'));
  writeFileSync(path.join(dist, 'index.html'), '<title>any route</title>');
  const pages = { home: '/', register: '/register', info: '/Events/Concours' };
  for (const name of [...Object.keys(pages), 'items']) {
    writeFileSync(path.join(dist, 'pages', `${name}.html`), `<title>${name}</title>`);
  }
  writeFileSync(
    path.join(dist, 'pages', 'pages.json'),
    JSON.stringify({
      ...Object.fromEntries(Object.entries(pages).map(([name, p]) => [p, `pages/${name}.html`])),
      '/:participantId/categories/:categoryId/items': 'pages/items.html',
    }),
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("serves the page that preloads the route's code, whatever the case or query", async () => {
    const t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const title = async (url: string) =>
        /<title>(.*)<\/title>/.exec((await t.app.inject(url)).body)?.[1];
      expect(await title('/')).toBe('home');
      expect(await title('/register')).toBe('register');
      expect(await title('/REGISTER/?next=1')).toBe('register');
      expect(await title('/events/concours')).toBe('info');
      expect(await title('/12/categories/3/items')).toBe('items');
      // Routes without a page of their own, and near misses, get index.html.
      expect(await title('/staff/dashboard')).toBe('any route');
      expect(await title('/register/more')).toBe('any route');
      expect(await title('/12/categories/items')).toBe('any route');
      const page = await t.app.inject('/register');
      expect(page.headers['cache-control']).not.toContain('immutable');
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await t.close();
    }
  });
});
