import { EVENT_TEXT } from '@eisteddfod/shared';
import { LruCache } from '../../lib/compressed-json.ts';
import { notFound } from '../../lib/errors.ts';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/index.ts';
import { buildAdjudicatorBio, buildFaq, buildProspectus } from './event-documents.ts';

/** A document to send: its file name and its bytes. */
interface EventDocument {
  name: string;
  pdf: Uint8Array;
}

/**
 * The prospectus, the FAQ and the adjudicators' bios as PDFs made from the event's own data, so
 * they never disagree with the site. Made once per catalogue snapshot and kept.
 */
export function createEventDocumentsService({ catalogue }: { catalogue: CatalogueService }) {
  // Kept with the snapshot they were made from: a new snapshot (an organiser's change, or the
  // time to live) makes them anew, and an old one takes its documents with it. (Keyed by its
  // load time, two loads in one millisecond, or under a test's frozen clock, shared documents.)
  const made = new WeakMap<CatalogueSnapshot, LruCache<Promise<Uint8Array>>>();

  async function current() {
    const eventId = await catalogue.currentEventId();
    if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
    return catalogue.getSnapshot(eventId);
  }

  async function cached(
    snap: CatalogueSnapshot,
    name: string,
    make: () => Promise<Uint8Array>,
  ): Promise<EventDocument> {
    let documents = made.get(snap);
    if (!documents) {
      documents = new LruCache<Promise<Uint8Array>>(50);
      made.set(snap, documents);
    }
    const pending = documents.getOrCreate(name, make);
    pending.catch(() => documents.clear());
    return { name, pdf: await pending };
  }

  return {
    async prospectus() {
      const snap = await current();
      return cached(snap, 'prospectus.pdf', () =>
        buildProspectus(
          snap.event,
          snap.content,
          // What families can enter: retired items are left out.
          snap.entries.filter((e) => !e.retired).map((e) => e.item),
        ),
      );
    },

    async faq() {
      const snap = await current();
      const content = snap.content;
      if (!content) throw notFound('CONTENT_NOT_FOUND', EVENT_TEXT.say('noFaq'));
      return cached(snap, 'faq.pdf', () => buildFaq(snap.event, content));
    },

    async adjudicatorBio(slug: string) {
      const snap = await current();
      const adjudicator = snap.content?.adjudicators.find((a) => a.slug === slug);
      if (!adjudicator) throw notFound('ADJUDICATOR_NOT_FOUND', 'There is no such adjudicator');
      return cached(snap, `${adjudicator.slug}.pdf`, () =>
        buildAdjudicatorBio(snap.event, adjudicator),
      );
    },
  };
}

export type EventDocumentsService = ReturnType<typeof createEventDocumentsService>;
