import {
  ConfirmedWinnersSchema,
  WinnersPreviewSchema,
  type Item,
  type Section,
} from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  marks,
  orderItems,
  orderItemUploads,
  orders,
  participantProfiles,
} from '../../db/schema/index.ts';
import { createFamily } from '../../test/family.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { createStaff, Family } from '../adjudication/adjudication.test-helpers.ts';

/**
 * Marked entries written to the database directly (the rule reads marks, not how they were
 * made; marking through the API is adjudication's tests'): a paid order of the family with one
 * finalised individual entry of `section` per total, each with a submitted mark and a processed
 * main file (a rendition). `published` publishes the marks too.
 */
export async function markedEntries(
  t: TestApp,
  catalogue: Item[],
  family: Family,
  profileId: number,
  section: Section,
  totals: number[],
  options: { published?: boolean; group?: boolean } = {},
): Promise<number[]> {
  const db = t.database.db;
  const pool = catalogue.filter(
    (i) => i.category.section === section && i.isGroupItem === (options.group ?? false),
  );
  if (pool.length < totals.length) throw new Error(`too few items in ${section}`);
  const [order] = await db
    .insert(orders)
    .values({
      customerId: family.id,
      eventId: t.eventId,
      status: 'paid',
      completedAt: new Date(),
    })
    .returning({ id: orders.id });
  const ids: number[] = [];
  for (const [k, total] of totals.entries()) {
    const [item] = await db
      .insert(orderItems)
      .values({
        orderId: order!.id,
        itemId: pool[k]!.id,
        participantProfileId: profileId,
        isSubmittedForMarking: true,
        submittedForMarkingAt: new Date(),
        ...(options.group ? { groupName: 'The Group' } : {}),
      })
      .returning({ id: orderItems.id });
    await db.insert(marks).values({
      orderItemId: item!.id,
      status: 'submitted',
      total,
      comment: `Comment ${total}`,
      submittedAt: new Date(),
      publishedAt: options.published ? new Date() : null,
    });
    await db.insert(orderItemUploads).values({
      orderItemId: item!.id,
      fileName: `${item!.id}_Named_Contestant_performance.mp4`,
      originalFileName: 'Named Contestant performance.mp4',
      storageKey: `entries/${item!.id}/performance.mp4`,
      uploadType: 2,
      sizeInBytes: 1000,
      isPrimaryFile: true,
      isVideo: true,
      processingState: 'ready',
      // Its rendition, without the original's metadata (decision 025).
      servedKey: `entries/${item!.id}/rendition.mp4`,
      servedFileExtension: 'mp4',
    });
    ids.push(item!.id);
  }
  return ids;
}

/**
 * Two families, each with a Dance winner whose four marks are submitted, not published: Lindiwe
 * (grade 8, 90, consented to the terms) and Sipho (grade 11, 82, whose profile has no consent),
 * both of `school` when given; then the winners are confirmed when `confirm` says so.
 */
export async function twoDanceWinners(
  t: TestApp,
  catalogue: Item[],
  organiser: Awaited<ReturnType<typeof createStaff>>,
  options: { school?: string; confirm?: boolean } = {},
): Promise<{ lindiwe: Winner; sipho: Winner }> {
  const made: Winner[] = [];
  for (const [firstName, grade, total] of [
    ['Lindiwe', '8', 90],
    ['Sipho', '11', 82],
  ] as const) {
    const family = await createFamily(t);
    const id = await family.addContestant({ firstName, surname: 'Zulu', grade });
    if (options.school) {
      await t.database.db
        .update(participantProfiles)
        .set({ school: options.school })
        .where(eq(participantProfiles.id, id));
    }
    await markedEntries(t, catalogue, family, id, 'Dance', [total, total, total, total]);
    made.push({ family, id });
  }
  const [lindiwe, sipho] = made as [Winner, Winner];
  await t.database.db
    .update(participantProfiles)
    .set({ acceptedTermsAt: null })
    .where(eq(participantProfiles.id, sipho.id));
  if (options.confirm ?? true) await confirmWinners(t, organiser);
  return { lindiwe, sipho };
}

type Winner = { family: Family; id: number };

/** Previews the event's Section Winners and confirms them; expects the two of twoDanceWinners. */
export async function confirmWinners(
  t: TestApp,
  organiser: Awaited<ReturnType<typeof createStaff>>,
): Promise<void> {
  const preview = WinnersPreviewSchema.parse(
    (await organiser.call('GET', `/api/Staff/Events/${t.eventId}/Winners/Preview`)).json(),
  );
  const confirmed = await organiser.call('POST', `/api/Staff/Events/${t.eventId}/Winners/Confirm`, {
    previewToken: preview.previewToken,
  });
  expect(ConfirmedWinnersSchema.parse(confirmed.json()).winners).toHaveLength(2);
}
