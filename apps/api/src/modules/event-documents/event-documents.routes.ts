import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { publicSiteApi } from '@eisteddfod/shared';
import { LruCache } from '../../lib/compressed-json.ts';
import { notFound } from '../../lib/errors.ts';
import { serve } from '../../plugins/endpoints.ts';
import type { CatalogueSnapshot } from '../catalogue/index.ts';
import { buildAdjudicatorBio, buildFaq, buildProspectus } from './event-documents.ts';

/**
 * The prospectus, the FAQ and the adjudicators' bios as PDFs made from the event's own data, so
 * they never disagree with the site. Made once per catalogue snapshot and kept.
 */
export const eventDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Kept with the snapshot they were made from: a new snapshot (an organiser's change, or the
  // time to live) makes them anew, and an old one takes its documents with it. (Keyed by its
  // load time, two loads in one millisecond, or under a test's frozen clock, shared documents.)
  const made = new WeakMap<CatalogueSnapshot, LruCache<Promise<Uint8Array>>>();

  async function current() {
    const eventId = await app.catalogue.currentEventId();
    if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
    return app.catalogue.getSnapshot(eventId);
  }

  function send(reply: FastifyReply, name: string, pdf: Uint8Array) {
    return (
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        // Revalidated on every download: an organiser's change shows at once.
        .header('cache-control', 'no-cache')
        .send(Buffer.from(pdf))
    );
  }

  function cached(snap: CatalogueSnapshot, key: string, make: () => Promise<Uint8Array>) {
    let documents = made.get(snap);
    if (!documents) {
      documents = new LruCache<Promise<Uint8Array>>(50);
      made.set(snap, documents);
    }
    const pending = documents.getOrCreate(key, make);
    pending.catch(() => documents.clear());
    return pending;
  }

  serve(app, publicSiteApi.prospectus, async (_req, reply) => {
    const snap = await current();
    const pdf = await cached(snap, 'prospectus', () =>
      buildProspectus(
        snap.event,
        snap.content,
        // What families can enter: retired items are left out.
        snap.entries.filter((e) => !e.retired).map((e) => e.item),
      ),
    );
    return send(reply, 'prospectus.pdf', pdf);
  });

  serve(app, publicSiteApi.faq, async (_req, reply) => {
    const snap = await current();
    const content = snap.content;
    if (!content) throw notFound('CONTENT_NOT_FOUND', 'This event has no FAQ yet');
    const pdf = await cached(snap, 'faq', () => buildFaq(snap.event, content));
    return send(reply, 'faq.pdf', pdf);
  });

  serve(app, publicSiteApi.adjudicatorBio, async (req, reply) => {
    const snap = await current();
    const adjudicator = snap.content?.adjudicators.find((a) => a.slug === req.params.slug);
    if (!adjudicator) throw notFound('ADJUDICATOR_NOT_FOUND', 'There is no such adjudicator');
    const pdf = await cached(snap, `bio:${adjudicator.slug}`, () =>
      buildAdjudicatorBio(snap.event, adjudicator),
    );
    return send(reply, `${adjudicator.slug}.pdf`, pdf);
  });
};
