import { describe, expect, it } from 'vitest';
import { stackTop } from './toast-placement.ts';

const desktop = { height: 200, viewportHeight: 900, fromBottom: false };
const phone = { height: 150, viewportHeight: 812, fromBottom: true };

describe('stackTop', () => {
  it('keeps the stack at its own edge when it covers nothing there', () => {
    expect(stackTop([], desktop)).toBe(76); // below the 64 px header
    expect(stackTop([], phone)).toBe(812 - 12 - 150);
  });

  it('moves below a control at the top right (the uploads help icon)', () => {
    const help = { top: 96, bottom: 140 };
    expect(stackTop([help], desktop)).toBe(140);
  });

  it('moves up from the bottom of a phone above a control there, never into the header', () => {
    const upload = { top: 600, bottom: 660 };
    expect(stackTop([upload], phone)).toBeLessThanOrEqual(600 - 150);
    expect(stackTop([upload], phone)).toBeGreaterThan(400);
    // Controls everywhere: the place covering fewest, still below the header.
    const rows = Array.from({ length: 20 }, (_, i) => ({ top: 70 + i * 40, bottom: 100 + i * 40 }));
    expect(stackTop(rows, phone)).toBeGreaterThanOrEqual(76);
  });

  it('leaves an open list of choices clear, even if that covers other controls', () => {
    // A select near the bottom of a phone: its options from 560 to 780, a button every 100 px
    // above them, so that every place above the options covers a button.
    const options = { top: 560, bottom: 780, weight: 1000 };
    const buttons = [80, 180, 280, 380, 480].map((top) => ({ top, bottom: top + 40 }));
    const top = stackTop([...buttons, options], phone);
    expect(top + phone.height).toBeLessThanOrEqual(560);
    // Without the weight it would sit over the options, the place covering fewest.
    expect(stackTop([...buttons, { ...options, weight: 1 }], phone)).toBeGreaterThan(560 - 150);
  });
});
