import type { OldYearText } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import * as repo from './events.repository.ts';
import {
  carryOver,
  carryOverContent,
  contentMentions,
  mention,
  type YearChange,
} from './old-year.ts';

// A copied event's words and its old year (decision 059): what the copy says in the new year,
// and what still names the old one.

/** In the copy's transaction: its site content and items' words say the new year. */
export async function carryOverTexts(tx: Database, copy: repo.EventRow, change: YearChange) {
  const content = carryOverContent(copy.content, change);
  await repo.updateEvent(tx, copy.id, { content });
  const { items } = await repo.findEventTexts(tx, copy.id);
  for (const item of items) {
    const shortDescription = carryOver(item.shortDescription, change);
    const description = carryOver(item.description, change);
    if (shortDescription !== item.shortDescription || description !== item.description)
      await repo.updateItemTexts(tx, item.id, { shortDescription, description });
  }
}

/** The family-facing texts of a copy that still name the year it was copied from. */
export async function oldYearTexts(db: Database, row: repo.EventRow): Promise<OldYearText[]> {
  const year = row.copiedFromYear;
  if (year === null) return [];
  const texts = await repo.findEventTexts(db, row.id);
  const found = [
    ...mention('settings', 'Event name', row.name, year),
    ...contentMentions(row.content, year),
    ...texts.categories.flatMap((c) => mention('catalogue', `Category ${c.name}`, c.name, year)),
    ...texts.items.flatMap((i) => [
      ...mention('catalogue', `Item ${i.code}, short description`, i.shortDescription, year),
      ...mention('catalogue', `Item ${i.code}, description`, i.description, year),
    ]),
    ...texts.criteria.flatMap((c) =>
      mention('rubrics', `${c.section} rubric, criterion ${c.position}`, c.name, year),
    ),
  ];
  // In the order of the screens that change them: the settings (this page) first.
  return found.sort((a, b) => PLACE_ORDER.indexOf(a.place) - PLACE_ORDER.indexOf(b.place));
}

const PLACE_ORDER: OldYearText['place'][] = ['settings', 'content', 'catalogue', 'rubrics'];
