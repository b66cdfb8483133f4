import { duplicateMessage, entryKey, type Item, type Order } from '@eisteddfod/shared';
import { wordsOf } from '../../lib/i18n/catalogue.ts';
import { cartText } from './text.ts';

/** What a contestant is about to enter: the item and, when it asks for one, the instrument. */
export interface NewEntry {
  item: Item;
  participantProfileId: number;
  instrument: string;
}

/** The instrument kept with an entry: only items that ask for one keep it (as the server does). */
export function entryInstrument(entry: NewEntry): string {
  return entry.item.requiresAnInstrument ? entry.instrument.trim() : '';
}

/**
 * Spec 5, "Add item to cart", checked in the browser before any request so the answer is
 * instant; the server checks the same rules again. Returns the warning to show, or null.
 */
export function findAddProblem(cart: Order | undefined, entry: NewEntry): string | null {
  const instruments = entryInstrument(entry);
  if (entry.item.requiresAnInstrument && instruments === '') return cartText('selectInstrument');
  if (!cart) return null;
  const section = entry.item.category.section;
  const key = entryKey(
    { participantProfileId: entry.participantProfileId, itemId: entry.item.id, instruments },
    section,
  );
  const isDuplicate = cart.orderItems.some(
    (entered) =>
      entryKey(
        {
          participantProfileId: entered.participantProfileId,
          itemId: entered.itemId,
          instruments: entered.instruments,
        },
        section,
      ) === key,
  );
  return isDuplicate ? wordsOf(duplicateMessage(section)) : null;
}
