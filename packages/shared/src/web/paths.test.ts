import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('gives a static page its pattern as its address', () => {
    expect(paths.checkout.href()).toBe('/checkout');
    expect(paths.info.pattern).toBe('/Events/Concours');
  });

  it('fills and encodes every parameter of a pattern', () => {
    expect(paths.items.href({ participantId: 7, categoryId: 12 })).toBe('/7/categories/12/items');
    expect(paths.verifyCertificate.href({ code: 'a/b c' })).toBe('/certificates/verify/a%2Fb%20c');
  });
});
