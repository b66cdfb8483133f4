import { EventContentSchema, type SiteContent } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './site-content.repository.ts';

const noEvent = (id: number) => notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);

/** The words organisers edit, from an event's content (whatever else it holds stays). */
function editableOf(content: unknown): SiteContent {
  const c = (content ?? {}) as Partial<SiteContent>;
  return { title: c.title ?? '', intro: c.intro ?? '', faq: c.faq ?? [] };
}

/**
 * Organisers publish the home page's words and the FAQ (issue 16). The content keeps its other
 * parts (artworks, schools, adjudicators, rules); the whole must still be a site the public
 * pages can show, and every instance drops its copy at once.
 */
export function createSiteContentService(deps: {
  db: Database;
  invalidate: (eventId: number) => void;
}) {
  const { db } = deps;
  return {
    async get(eventId: number): Promise<SiteContent> {
      const content = await repo.findContent(db, eventId);
      if (content === undefined) throw noEvent(eventId);
      return editableOf(content);
    },

    async publish(organiserId: number, eventId: number, edit: SiteContent): Promise<SiteContent> {
      const saved = await db.transaction(async (tx) => {
        const before = await repo.lockContent(tx, eventId);
        if (before === undefined) throw noEvent(eventId);
        const next = { ...(before as object), ...edit };
        // An event copied from one without a site yet has nothing else to show.
        if (
          !EventContentSchema.safeParse(next).success &&
          EventContentSchema.safeParse(before).success
        )
          throw badRequest('VALIDATION_ERROR', 'This content cannot be shown on the site.');
        await repo.saveContent(tx, eventId, next);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'content.publish',
          entityType: 'event',
          entityId: eventId,
          details: { before: editableOf(before), after: edit },
        });
        return edit;
      });
      deps.invalidate(eventId);
      return saved;
    },
  };
}
