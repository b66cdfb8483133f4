import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { publicSiteApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** The prospectus, the FAQ and the adjudicators' bios, as PDFs shown in the browser. */
export const eventDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = app.eventDocuments;

  function send(reply: FastifyReply, { name, pdf }: { name: string; pdf: Uint8Array }) {
    return (
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        // Revalidated on every download: an organiser's change shows at once.
        .header('cache-control', 'no-cache')
        .send(Buffer.from(pdf))
    );
  }

  serve(app, publicSiteApi.prospectus, async (_req, reply) =>
    send(reply, await documents.prospectus()),
  );
  serve(app, publicSiteApi.faq, async (_req, reply) => send(reply, await documents.faq()));
  serve(app, publicSiteApi.adjudicatorBio, async (req, reply) =>
    send(reply, await documents.adjudicatorBio(req.params.slug)),
  );
};
