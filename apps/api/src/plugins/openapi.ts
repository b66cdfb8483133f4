import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareScopeAccess } from './access.ts';

type TransformArgument = Parameters<typeof jsonSchemaTransform>[0];

/**
 * OpenAPI from the routes' zod schemas, browsable at /api/docs. In production the document lists
 * the public and family calls only: staff calls answer a family 404 (decision 008), so listing
 * them to anyone would undo that. A local run lists every call (decision 034).
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { listStaffCalls }: { listStaffCalls: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Eisteddfod entry portal API',
        description: 'Spec section 7 calls, with route matching that ignores case.',
        version: '1.0.0',
      },
    },
    transform: (arg: TransformArgument) =>
      !listStaffCalls && isStaffRoute(arg.route)
        ? { schema: { hide: true }, url: arg.url }
        : jsonSchemaTransform(arg),
  });
  // The document and its browser are public; their routes cannot carry a config of ours.
  await app.register(async (docs) => {
    declareScopeAccess(docs, 'public');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}

/** A route for staff only: its access names a staff action (plugins/access.ts). */
function isStaffRoute(route: TransformArgument['route']): boolean {
  const access: unknown = route.config?.access;
  return typeof access === 'object' && access !== null;
}
