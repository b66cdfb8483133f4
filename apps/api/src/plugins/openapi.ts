import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareScopeAccess } from './access.ts';

/** OpenAPI from the routes' zod schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Eisteddfod entry portal API',
        description: 'Spec section 7 calls, with route matching that ignores case.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  // The document and its browser are public; their routes cannot carry a config of ours.
  await app.register(async (docs) => {
    declareScopeAccess(docs, 'public');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
