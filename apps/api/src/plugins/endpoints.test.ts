import { defineEndpoint, endpointUrl, ordersApi } from '@eisteddfod/shared';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAccess } from './access.ts';
import { requireEndpointDefinitions, serve } from './endpoints.ts';
import { registerErrorHandling } from './errors.ts';

function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccess(app);
  requireEndpointDefinitions(app);
  return app;
}

const echo = defineEndpoint({
  method: 'GET',
  path: '/api/Echo/:id',
  aliases: ['/api/echo-again/:id'],
  access: 'public',
  tags: ['Test'],
  summary: 'Echoes its id',
  params: z.object({ id: z.coerce.number().int() }),
  query: z.object({ word: z.string() }),
  responses: { 200: z.object({ id: z.number(), word: z.string() }) },
  errors: [400],
});

describe('the endpoint contract (packages/shared/src/endpoints)', () => {
  it('refuses an /api route that was not registered from a definition', async () => {
    const app = bareApp();
    expect(() =>
      app.get('/api/Handmade', { config: { access: 'public' } }, async () => 'typed by hand'),
    ).toThrow('GET /api/Handmade has no endpoint definition');
    // Protocol routes say so; pages outside /api are not API calls.
    app.route({
      method: 'PATCH',
      url: '/api/tus/:id',
      config: { access: 'signed', protocol: 'tus 1.0.0' },
      handler: async () => '',
    });
    app.get('/healthz', { config: { access: 'public' } }, async () => 'ok');
    await app.ready();
    await app.close();
  });

  it('cannot be sidestepped by capitals, a look-alike docs path or a made-up protocol', () => {
    const app = bareApp();
    const open = { config: { access: 'public' as const } };
    // The router ignores case, so '/API/x' answers '/api/x': the guard must too.
    expect(() => app.get('/API/Handmade', open, async () => 'x')).toThrow(
      'GET /API/Handmade has no endpoint definition',
    );
    expect(() => app.get('/api/docs-private', open, async () => 'x')).toThrow(
      'has no endpoint definition',
    );
    expect(() =>
      app.get(
        '/api/Anything',
        { config: { access: 'public', protocol: 'made up' } },
        async () => 'x',
      ),
    ).toThrow('has no endpoint definition');
  });

  it('serves a definition at its path and aliases, with its schemas', async () => {
    const app = bareApp();
    serve(app, echo, async (req) => ({ id: req.params.id, word: req.query.word }));
    await app.ready();
    const url = endpointUrl(echo, { id: 7 }, { word: 'a b&c' });
    expect(url).toBe('/api/Echo/7?word=a%20b%26c');
    expect((await app.inject(url)).json()).toEqual({ id: 7, word: 'a b&c' });
    expect((await app.inject('/api/echo-again/8?word=x')).json()).toEqual({ id: 8, word: 'x' });
    expect((await app.inject('/api/Echo/9')).statusCode).toBe(400);
    await app.close();
  });

  it('fills path parameters and leaves out undefined query values', () => {
    expect(endpointUrl(ordersApi.removeItem, { id: 3, orderItemId: 4 })).toBe(
      '/api/Orders/3/OrderItems/4',
    );
    expect(endpointUrl(echo, { id: 'a/b' }, { word: undefined })).toBe('/api/Echo/a%2Fb');
    expect(() => endpointUrl(echo, {})).toThrow('/api/Echo/:id needs the parameter id');
  });
});
