import type { Item, Section } from '@eisteddfod/shared';
import { marks, orderItems, orderItemUploads, orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { Family } from '../adjudication/adjudication.test-helpers.ts';

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
