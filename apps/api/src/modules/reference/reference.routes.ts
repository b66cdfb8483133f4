import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSiteApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** The client's runtime configuration and every reference list. */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, publicSiteApi.clientConfig, () => app.reference.clientConfig());

  serve(app, publicSiteApi.referenceLists, async (_req, reply) => {
    // Organisers rename and merge schools at any time (issue 16): a browser or a proxy asks
    // again on every page load rather than keep a list the server has renamed (the answer is a
    // few kilobytes, read from one small table).
    reply.header('cache-control', 'no-cache');
    return app.reference.lists();
  });
};
