import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedJson, LruCache } from './compressed-json.ts';

describe('CompressedJson', () => {
  it('round-trips through gzip and brotli', () => {
    const json = JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ i })) });
    const body = new CompressedJson(json);
    expect(gunzipSync(body.gzip()).toString()).toBe(json);
    expect(brotliDecompressSync(body.br()).toString()).toBe(json);
    expect(body.gzip()).toBe(body.gzip());
  });
});

describe('LruCache', () => {
  it('forgets the least recently used entry beyond its size', () => {
    const cache = new LruCache<number>(2);
    let made = 0;
    const make = () => ++made;
    cache.getOrCreate('a', make);
    cache.getOrCreate('b', make);
    cache.getOrCreate('a', make);
    cache.getOrCreate('c', make);
    expect(cache.getOrCreate('a', make)).toBe(1);
    expect(cache.getOrCreate('b', make)).toBe(4);
  });
});
