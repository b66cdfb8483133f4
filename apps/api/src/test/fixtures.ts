import type { Item } from '@eisteddfod/shared';
import type { TestApp } from './test-app.ts';

/** Every item of the test event, as the catalogue serves it. */
export async function catalogueItems(t: TestApp): Promise<Item[]> {
  const res = await t.app.inject({ url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?take=300` });
  return res.json<{ items: Item[] }>().items;
}

/** A complete group member row; `k` tells them apart. */
export const groupMember = (k: number) => ({
  firstName: `Member${k}`,
  surname: 'Khumalo',
  school: 'Other School',
  gender: 'male',
  grade: '6',
});
