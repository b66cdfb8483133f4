import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { publicSiteApi } from '@eisteddfod/shared';
import { LruCache } from '../../lib/compressed-json.ts';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';
import { buildAdjudicatorBio, buildFaq, buildProspectus } from './event-documents.ts';

/**
 * The prospectus, the FAQ and the adjudicators' bios as PDFs made from the event's own data, so
 * they never disagree with the site. Made once per catalogue snapshot and kept.
 */
export const eventDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const made = new LruCache<Promise<Uint8Array>>(50);

  async function current() {
    const eventId = await app.catalogue.currentEventId();
    if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
    return app.catalogue.getSnapshot(eventId);
  }

  function send(reply: FastifyReply, name: string, pdf: Uint8Array) {
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'public, max-age=300')
      .send(Buffer.from(pdf));
  }

  function cached(key: string, make: () => Promise<Uint8Array>) {
    const pending = made.getOrCreate(key, make);
    pending.catch(() => made.clear());
    return pending;
  }

  serve(app, publicSiteApi.prospectus, async (_req, reply) => {
    const snap = await current();
    const pdf = await cached(`${snap.event.id}:${snap.loadedAt}:prospectus`, () =>
      buildProspectus(
        snap.event,
        snap.content,
        snap.entries.map((e) => e.item),
      ),
    );
    return send(reply, 'prospectus.pdf', pdf);
  });

  serve(app, publicSiteApi.faq, async (_req, reply) => {
    const snap = await current();
    const content = snap.content;
    if (!content) throw notFound('CONTENT_NOT_FOUND', 'This event has no FAQ yet');
    const pdf = await cached(`${snap.event.id}:${snap.loadedAt}:faq`, () =>
      buildFaq(snap.event, content),
    );
    return send(reply, 'faq.pdf', pdf);
  });

  serve(app, publicSiteApi.adjudicatorBio, async (req, reply) => {
    const snap = await current();
    const adjudicator = snap.content?.adjudicators.find((a) => a.slug === req.params.slug);
    if (!adjudicator) throw notFound('ADJUDICATOR_NOT_FOUND', 'There is no such adjudicator');
    const pdf = await cached(`${snap.event.id}:${snap.loadedAt}:bio:${adjudicator.slug}`, () =>
      buildAdjudicatorBio(snap.event, adjudicator),
    );
    return send(reply, `${adjudicator.slug}.pdf`, pdf);
  });
};
