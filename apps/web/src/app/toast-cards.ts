import type { NotificationData } from '@mantine/notifications';

/** How many cards the stack draws before "+N more": a phone keeps most of its first screen. */
export const VISIBLE_TOASTS = { phone: 2, desktop: 3 } as const;

/** One drawn toast: identical messages open at once are one card with a count (×2). */
export interface ToastCard {
  key: string;
  /** Every open toast the card stands for; closing the card closes them all. */
  ids: string[];
  count: number;
  /** The newest of them, whose words, colour and kind are drawn. */
  toast: NotificationData & { id: string };
}

/**
 * The open toasts (oldest first, as Mantine's store keeps them) as cards, newest on top (spec 9),
 * repeats merged where the newest of them stands, at most `visible` drawn; `hidden` are the
 * cards left behind "+N more". A repeat counts as new: it moves its card to the top.
 */
export function toastCards(
  open: readonly NotificationData[],
  visible: number,
): { shown: ToastCard[]; hidden: number } {
  const cards = new Map<string, ToastCard>();
  for (const [index, toast] of open.entries()) {
    const id = toast.id ?? `toast-${index}`;
    const key = sameMessageKey(toast) ?? id;
    const card = cards.get(key);
    // Deleted and set again, a card moves to the end of the map's order: the newest is last.
    cards.delete(key);
    cards.set(key, {
      key,
      ids: [...(card?.ids ?? []), id],
      count: (card?.count ?? 0) + 1,
      toast: { ...toast, id },
    });
  }
  const newestFirst = [...cards.values()].reverse();
  return {
    shown: newestFirst.slice(0, visible),
    hidden: Math.max(0, newestFirst.length - visible),
  };
}

/** Toasts of the same colour, title and text are the same message; other content never merges. */
function sameMessageKey(toast: NotificationData): string | null {
  if (typeof toast.message !== 'string') return null;
  if (toast.title !== undefined && typeof toast.title !== 'string') return null;
  return JSON.stringify([toast.color ?? '', toast.title ?? '', toast.message]);
}
