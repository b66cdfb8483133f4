import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built single-page app under the same origin as /api. A GET that is not an API
 * call and names no file gets index.html, so client routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
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
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|dev)(\/|$)/i.test(url);
    if (hasBuild && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (path.extname(url) && !url.endsWith('.html')) {
        return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: `${request.method} ${url} is not a known call`,
    });
  });
}
