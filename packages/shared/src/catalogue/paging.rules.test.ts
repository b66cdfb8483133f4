import { describe, expect, it } from 'vitest';
import {
  hasNextPage,
  hasPreviousPage,
  isSearching,
  needsViewMore,
  previewDescription,
} from './paging.rules.ts';

describe('paging', () => {
  it('offers next only while another page remains and there is more than one page', () => {
    expect(hasNextPage(0, 15)).toBe(false);
    expect(hasNextPage(0, 16)).toBe(true);
    expect(hasNextPage(15, 30)).toBe(false);
    expect(hasNextPage(15, 31)).toBe(true);
  });

  it('offers previous after the first page', () => {
    expect(hasPreviousPage(0)).toBe(false);
    expect(hasPreviousPage(15)).toBe(true);
  });
});

describe('search', () => {
  it('starts at two characters, ignoring surrounding spaces', () => {
    expect(isSearching('p')).toBe(false);
    expect(isSearching(' p ')).toBe(false);
    expect(isSearching('pi')).toBe(true);
  });
});

describe('descriptions', () => {
  it('cuts at 120 characters and offers View More from 120 on', () => {
    const long = 'x'.repeat(120);
    expect(needsViewMore('x'.repeat(119))).toBe(false);
    expect(needsViewMore(long)).toBe(true);
    expect(previewDescription(`${long}tail`)).toBe(long);
    expect(previewDescription('short')).toBe('short');
  });
});
