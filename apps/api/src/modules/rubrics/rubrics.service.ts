import {
  RUBRIC_EDITOR_MESSAGES,
  SECTIONS,
  type SaveRubric,
  type Section,
  type StaffRubrics,
  type StaffSectionRubric,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ensureRubrics, lockRubrics } from '../adjudication/index.ts';
import { findEvent, lockEvent } from '../events/index.ts';
import * as repo from './rubrics.repository.ts';

/**
 * Organisers edit each section's marking rubric (issue 16). A rubric is fixed from the first
 * mark given in its section: marks keep the criteria they were given against, and totals of
 * one section must be comparable.
 */
export function createRubricsService(deps: { db: Database }) {
  const { db } = deps;

  async function sectionsOf(tx: Database, eventId: number): Promise<StaffSectionRubric[]> {
    const [criteria, marks] = await Promise.all([
      repo.criteriaOf(tx, eventId),
      repo.marksPerSection(tx, eventId),
    ]);
    return SECTIONS.map((section) => {
      const given = marks.get(section) ?? 0;
      return {
        section,
        criteria: criteria
          .filter((c) => c.section === section)
          .map(({ name, maxValue }) => ({ name, maxValue })),
        marks: given,
        locked: given > 0,
        lockedReason: given > 0 ? RUBRIC_EDITOR_MESSAGES.locked(section, given) : null,
      };
    });
  }

  const noEvent = (id: number) => notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);

  return {
    async list(eventId: number): Promise<StaffRubrics> {
      if (!(await findEvent(db, eventId))) throw noEvent(eventId);
      // What the marking form would give (an event without rubrics gets the demo ones).
      await ensureRubrics(db, eventId);
      return { eventId, sections: await sectionsOf(db, eventId) };
    },

    async save(
      organiserId: number,
      eventId: number,
      section: Section,
      rubric: SaveRubric,
    ): Promise<StaffSectionRubric> {
      return db.transaction(async (tx) => {
        // Alone under the lock that marks share: every mark written so far is counted below,
        // and none is written (or checked against the old criteria) until this one commits.
        // Taken before the event's row, in the order a mark takes them (the advisory lock, then
        // the event's row through the criteria's foreign key when it adds the demo rubrics):
        // the other order could deadlock a first save against a first mark.
        await lockRubrics(tx, eventId, 'change');
        if (!(await lockEvent(tx, eventId))) throw noEvent(eventId);
        await ensureRubrics(tx, eventId);
        const before = (await sectionsOf(tx, eventId)).find((s) => s.section === section);
        if (before?.lockedReason) throw new AppError(409, 'RUBRIC_LOCKED', before.lockedReason);
        await repo.replaceCriteria(tx, eventId, section, rubric.criteria);
        const after = (await sectionsOf(tx, eventId)).find((s) => s.section === section);
        if (!after) throw new Error(`No section ${section}`);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'rubric.update',
          entityType: 'event',
          entityId: eventId,
          details: { section, before: before?.criteria ?? [], after: after.criteria },
        });
        return after;
      });
    },
  };
}
