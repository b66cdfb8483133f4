import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { declareScopeAccess, registerAccess } from './access.ts';

function bareApp(): FastifyInstance {
  const app = Fastify();
  registerAccess(app);
  return app;
}

describe('a route must declare its access', () => {
  it('refuses to register a route without one', async () => {
    const app = bareApp();
    expect(() => app.get('/api/Forgotten', async () => 'open')).toThrow(
      'GET /api/Forgotten declares no access',
    );
    // Also in a plugin of its own, as every module registers its routes.
    await expect(
      app.register(async (module) => {
        module.post('/api/Forgotten', async () => 'open');
      }),
    ).rejects.toThrow('POST /api/Forgotten declares no access');
  });

  it('takes a declaration in the route options, and a customer route must name the customer', async () => {
    const app = bareApp();
    app.get('/api/Open', { config: { access: 'public' } }, async () => 'open');
    app.get('/api/Customers/:id', { config: { access: 'customer' } }, async () => 'mine');
    expect(() =>
      app.get('/api/Orders/:orderId', { config: { access: 'customer' } }, async () => 'mine'),
    ).toThrow("/api/Orders/:orderId is declared 'customer' but names no customer (:id)");
    await app.ready();
    expect((await app.inject('/api/Open')).body).toBe('open');
    await app.close();
  });

  it("declares a third-party plugin's routes through its scope, and nothing outside it", async () => {
    const app = bareApp();
    await app.register(async (docs) => {
      declareScopeAccess(docs, 'public');
      docs.get('/api/docs/json', async () => '{}');
    });
    expect(() => app.get('/api/after', async () => 'open')).toThrow('declares no access');
    await app.ready();
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
    await app.close();
  });
});

describe('the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves its files (public routes of their own) and answers unknown calls alike', async () => {
    const t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const asset = await t.app.inject('/assets/app-1234.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const page = await t.app.inject('/Contestants?tab=1');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Portal</title>');
      expect((await t.app.inject('/assets/missing.js')).json()).toMatchObject({
        code: 'NOT_FOUND',
      });
      // An unknown call: one answer, whatever its method, address, body or content type.
      const unknown = {
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: 'There is no such call.',
      };
      for (const request of [
        { method: 'GET' as const, url: '/api/NoSuchCall?x=1' },
        { method: 'POST' as const, url: '/NoSuchPage', payload: '{"a": [', json: true },
        { method: 'PUT' as const, url: '/api/NoSuchCall', payload: 'text', json: false },
      ]) {
        const res = await t.app.inject({
          method: request.method,
          url: request.url,
          ...(request.payload === undefined
            ? {}
            : {
                payload: request.payload,
                headers: { 'content-type': request.json ? 'application/json' : 'text/plain' },
              }),
        });
        expect(res.statusCode, request.url).toBe(404);
        expect(res.json(), request.url).toEqual(unknown);
      }
    } finally {
      await t.close();
    }
  });
});
