import type { NotificationData } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { toastCards } from './toast-cards.ts';

const raised = (
  id: string,
  message: string,
  color = 'orange',
  title?: string,
): NotificationData => ({
  id,
  message,
  color,
  title,
});

describe('toastCards', () => {
  it('puts the newest on top', () => {
    const { shown } = toastCards(
      [raised('a', 'First'), raised('b', 'Second'), raised('c', 'Third')],
      5,
    );
    expect(shown.map((card) => card.toast.message)).toEqual(['Third', 'Second', 'First']);
  });

  it('merges identical messages into one card with a count, moved to the top by the repeat', () => {
    const { shown, hidden } = toastCards(
      [raised('a', 'Saved'), raised('b', 'Other'), raised('c', 'Saved'), raised('d', 'Saved')],
      5,
    );
    expect(shown.map((card) => [card.toast.message, card.count, card.ids])).toEqual([
      ['Saved', 3, ['a', 'c', 'd']],
      ['Other', 1, ['b']],
    ]);
    expect(shown[0]!.toast.id).toBe('d');
    expect(hidden).toBe(0);
  });

  it('keeps the same words apart when their colour or title differ', () => {
    const { shown } = toastCards(
      [
        raised('a', 'Failed', 'red', 'a.mp4'),
        raised('b', 'Failed', 'red', 'b.mp4'),
        raised('c', 'Failed', 'orange', 'a.mp4'),
      ],
      5,
    );
    expect(shown).toHaveLength(3);
  });

  it('draws at most the limit and counts the cards left behind "+N more"', () => {
    const open = ['1', '2', '3', '4', '5'].map((n) => raised(n, `Message ${n}`));
    const phone = toastCards(open, 2);
    expect(phone.shown.map((card) => card.toast.message)).toEqual(['Message 5', 'Message 4']);
    expect(phone.hidden).toBe(3);
    // A merged repeat counts once against the limit.
    expect(toastCards([...open, raised('6', 'Message 5')], 2).hidden).toBe(3);
  });
});
