import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declareScopeAccess, routeNotFound } from './access.ts';

/** A page of the build for the addresses of one route (`pattern`). */
interface RoutePage {
  pattern: RegExp;
  file: string;
}

/**
 * The build's pages that preload one route's code (decision 029): `pages/pages.json` maps a
 * route's pattern ('/register', '/:participantId/categories/:categoryId/items') to its page.
 * Patterns without parameters are tried first, as the router ranks them; a wrong pick would
 * only preload another screen's code, as the app routes by itself.
 */
function readRoutePages(distDir: string): RoutePage[] {
  const list = path.join(distDir, 'pages', 'pages.json');
  if (!existsSync(list)) return [];
  const table = JSON.parse(readFileSync(list, 'utf8')) as Record<string, string>;
  return Object.entries(table)
    .sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')))
    .map(([pattern, file]) => {
      if (!/^pages\/[\w-]+\.html$/.test(file) || !/^\/[\w/:-]*$/.test(pattern)) {
        throw new Error(`pages/pages.json: unexpected entry ${pattern} -> ${file}`);
      }
      // The router ignores case and a trailing slash; a parameter is one segment.
      const source = pattern.replace(/\/$/, '').replace(/:\w+/g, '[^/]+');
      return { pattern: new RegExp(`^${source}/?$`, 'i'), file };
    });
}

/**
 * Serves the built single-page app under the same origin as /api. A GET that is not an API
 * call and names no file gets the page of its route (which preloads that route's code) or
 * index.html, so client routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const routePages = hasBuild ? readRoutePages(distDir) : [];
  // A scope of its own: the built files are public (one route per file, which cannot carry a
  // config of ours), and the not-found handler below needs the scope's reply.sendFile.
  await app.register(async (web) => {
    declareScopeAccess(web, 'public');
    if (hasBuild) {
      await web.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The web build writes .br and .gz beside each file (apps/web/scripts/compress-dist.mjs).
        preCompressed: true,
        // Vite fingerprints everything under assets/, so those files never change.
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            immutable
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
          );
        },
      });
    }

    /** A reload of one of the app's pages (or a missing file of the build), not a call. */
    const isPageRequest = (request: FastifyRequest) =>
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|dev)(\/|$)/i.test(request.url.split('?')[0] ?? '/');

    // A call that does not exist answers before its body is read, as a staff route does for a
    // family (plugins/access.ts): the same answer whatever the address, body or content type.
    web.addHook('onRequest', async (request) => {
      if (request.is404 && !isPageRequest(request)) throw routeNotFound();
    });

    web.setNotFoundHandler((request, reply) => {
      if (!isPageRequest(request)) throw routeNotFound();
      const url = request.url.split('?')[0] ?? '/';
      if (path.extname(url) && !url.endsWith('.html')) {
        return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(routePages.find((p) => p.pattern.test(url))?.file ?? 'index.html');
    });
  });
}
