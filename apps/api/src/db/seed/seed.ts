import { count, sql } from 'drizzle-orm';
import { defaultMainFileKinds, timeLimitInDescription } from '@eisteddfod/shared';
import type { Database } from '../client.ts';
import { categories, events, items, rubricCriteria, schools } from '../schema/index.ts';
import type { DemoCatalogue } from './demo-catalogue.ts';

/**
 * Loads a catalogue in one transaction; returns the new event's id. The first event loaded is
 * the one families see, unless `live: false` (an organiser's first event waits to be made live).
 */
export async function loadCatalogue(
  db: Database,
  catalogue: DemoCatalogue,
  options: { live?: boolean } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const { event } = catalogue;
    const [created] = await tx
      .insert(events)
      .values({
        name: event.name,
        year: event.year,
        timeZone: event.timeZone,
        ...event.dates,
        individualFeeCents: event.fees.individualCents,
        groupSmallFeeCents: event.fees.groupSmallCents,
        groupLargeFeeCents: event.fees.groupLargeCents,
        groupLargeFromParticipants: event.fees.groupLargeFromParticipants,
        changeFeeCents: event.fees.changeFeeCents,
        amendmentFeeCents: event.fees.amendmentFeeCents,
        lateSurchargePercent: event.fees.lateSurchargePercent,
        content: catalogue.content,
        // The first event loaded is the one families see; later ones wait to be made live.
        isLive:
          options.live === false
            ? false
            : sql`not exists (select 1 from ${events} where ${events.isLive})`,
      })
      .returning({ id: events.id });
    if (!created) throw new Error('The event was not created');

    const categoryRows = await tx
      .insert(categories)
      .values(
        catalogue.categories.map((c, sortOrder) => ({ eventId: created.id, sortOrder, ...c })),
      )
      .returning({ id: categories.id, name: categories.name });
    const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));

    await tx.insert(items).values(
      catalogue.items.map((item) => ({
        eventId: created.id,
        categoryId: categoryIds.get(item.category) ?? -1,
        code: item.code,
        shortDescription: item.shortDescription,
        description: item.description,
        priceCents: item.priceCents,
        dueDate: item.dueDate,
        isGroupItem: item.kind !== 'individual',
        minimumParticipants: item.minParticipants,
        maximumParticipants: item.maxParticipants,
        requiresAnInstrument: item.requiresInstrument,
        mainFileKinds: defaultMainFileKinds(item.section),
        timeLimitSeconds: timeLimitInDescription(item.description),
        lowestGrade: item.grades?.lowest ?? null,
        highestGrade: item.grades?.highest ?? null,
      })),
    );

    await tx
      .insert(rubricCriteria)
      .values(
        Object.entries(catalogue.rubrics).flatMap(([section, criteria]) =>
          criteria.map((c, position) => ({ eventId: created.id, section, position, ...c })),
        ),
      );

    await tx
      .insert(schools)
      .values(catalogue.schools.map((name, sortOrder) => ({ name, sortOrder })))
      .onConflictDoNothing();
    return created.id;
  });
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(events);
  return (row?.n ?? 0) === 0;
}
