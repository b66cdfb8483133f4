import { mayEnterGrade, type Item } from '@eisteddfod/shared';
import type { TestApp } from './test-app.ts';

/** The grades of the test families' contestants (family.ts) and group members (below). */
export const TEST_GRADES = { contestant: '5', member: '6' } as const;

/**
 * The items of the test event that the test families' contestants and group members may enter
 * by grade (issue 32), as the catalogue serves them; `allGrades` for every item.
 */
export async function catalogueItems(t: TestApp, allGrades = false): Promise<Item[]> {
  const grade = allGrades ? '' : `&grade=${TEST_GRADES.contestant}`;
  const res = await t.app.inject({
    url: `/api/Eisteddfods/${t.eventId}/ItemsSearch?take=300${grade}`,
  });
  const items = res.json<{ items: Item[] }>().items;
  return allGrades ? items : items.filter((i) => mayEnterGrade(i, TEST_GRADES.member));
}

/** A complete group member row; `k` tells them apart. */
export const groupMember = (k: number) => ({
  firstName: `Member${k}`,
  surname: 'Khumalo',
  school: 'Other School',
  gender: 'male',
  grade: TEST_GRADES.member,
});
