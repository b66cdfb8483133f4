import { describe, expect, it } from 'vitest';
import { createSignedLinks } from './signed-links.ts';

const parse = (url: string) => {
  const q = new URL(url, 'http://x').searchParams;
  return { expires: Number(q.get('expires')), signature: q.get('signature') ?? '' };
};

describe('signed links', () => {
  it('pass for their file until they expire', () => {
    let t = Date.parse('2025-04-01T10:00:00Z');
    const links = createSignedLinks('secret', 3600, () => t);
    const { expires, signature } = parse(links.sign('/api/files/abc', 'abc'));
    expect(links.verify('abc', expires, signature)).toBe(true);
    expect(links.verify('abd', expires, signature)).toBe(false);
    expect(links.verify('abc', expires + 600, signature)).toBe(false);
    t = expires * 1000 + 1;
    expect(links.verify('abc', expires, signature)).toBe(false);
  });

  it('give the same URL for a while so browsers can cache the picture', () => {
    let t = Date.parse('2025-04-01T10:00:30Z');
    const links = createSignedLinks('secret', 3600, () => t);
    const a = links.sign('/p', 'id');
    t += 60_000;
    expect(links.sign('/p', 'id')).toBe(a);
  });
});
