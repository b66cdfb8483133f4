import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBunnyVideoHost } from './bunny-video-host.ts';

interface Seen {
  method: string;
  url: string;
  accessKey: string | undefined;
  body: unknown;
}
const seen: Seen[] = [];
let server: Server;
let apiUrl = '';

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? JSON.parse(text) : undefined;
}

// A stand-in for Bunny Stream's API, answering as its documentation describes.
beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        accessKey: req.headers.accesskey as string | undefined,
        body,
      });
      res.setHeader('content-type', 'application/json');
      if (req.headers.accesskey !== 'stream-key') {
        res.statusCode = 401;
        return res.end('{"Message":"Unauthorized"}');
      }
      if (req.url === '/library/4242/collections' && req.method === 'POST')
        return res.end(
          '{"videoLibraryId":4242,"guid":"0b7e9d3c-3f5e-4f7e-9a51-6d2f0c1e2a11","name":"7"}',
        );
      if (req.url === '/library/4242/videos' && req.method === 'POST')
        return res.end(
          '{"guid":"9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10","title":"New video","storageSize":0}',
        );
      if (req.url === '/library/4242/videos/9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10')
        return res.end(
          '{"guid":"9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10","storageSize":123456,"status":4,"length":187,"width":1080,"height":1920,"thumbnailFileName":"thumbnail.jpg"}',
        );
      // Still transcoding, and one whose encoding failed (Bunny's status codes 3 and 5).
      if (req.url === '/library/4242/videos/11111111-1111-4111-8111-111111111111')
        return res.end('{"storageSize":99,"status":3,"length":0,"width":0,"height":0}');
      if (req.url === '/library/4242/videos/22222222-2222-4222-8222-222222222222')
        return res.end('{"storageSize":99,"status":5,"length":0}');
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const host = () =>
  createBunnyVideoHost({
    libraryId: '4242',
    accessKey: 'stream-key',
    apiUrl,
    embedUrl: 'https://iframe.mediadelivery.net/embed',
  });

describe('Bunny Stream video host', () => {
  it('makes a collection and a video slot with the library key', async () => {
    expect(await host().createCollection('7')).toBe('0b7e9d3c-3f5e-4f7e-9a51-6d2f0c1e2a11');
    const video = await host().createVideo('0b7e9d3c-3f5e-4f7e-9a51-6d2f0c1e2a11', 'New video');
    expect(video).toBe('9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10');
    expect(seen.slice(-2)).toEqual([
      {
        method: 'POST',
        url: '/library/4242/collections',
        accessKey: 'stream-key',
        body: { name: '7' },
      },
      {
        method: 'POST',
        url: '/library/4242/videos',
        accessKey: 'stream-key',
        body: { title: 'New video', collectionId: '0b7e9d3c-3f5e-4f7e-9a51-6d2f0c1e2a11' },
      },
    ]);
  });
  it('reads how much of a video Bunny holds', async () => {
    expect(await host().storedSize('9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10')).toBe(123456);
  });
  it('fails loudly on a wrong key rather than pretending', async () => {
    const wrong = createBunnyVideoHost({
      libraryId: '4242',
      accessKey: 'nope',
      apiUrl,
      embedUrl: 'https://iframe.mediadelivery.net/embed',
    });
    await expect(wrong.createCollection('7')).rejects.toThrow(/401/);
  });
  it('deletes a video (an erasure); one already gone is fine, a refusal is not', async () => {
    await host().deleteVideo('9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10');
    expect(seen.at(-1)).toMatchObject({
      method: 'DELETE',
      url: '/library/4242/videos/9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10',
      accessKey: 'stream-key',
    });
    await host().deleteVideo('00000000-0000-4000-8000-000000000000');
    const wrong = createBunnyVideoHost({
      libraryId: '4242',
      accessKey: 'nope',
      apiUrl,
      embedUrl: 'https://iframe.mediadelivery.net/embed',
    });
    await expect(wrong.deleteVideo('abc')).rejects.toThrow(/401/);
  });
  it('uses Bunny’s own transcoding: its status, length, size and thumbnail', async () => {
    expect(await host().describeVideo('9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10')).toEqual({
      state: 'ready',
      durationSeconds: 187,
      width: 1080,
      height: 1920,
    });
    expect(await host().describeVideo('11111111-1111-4111-8111-111111111111')).toEqual({
      state: 'processing',
    });
    expect(await host().describeVideo('22222222-2222-4222-8222-222222222222')).toMatchObject({
      state: 'failed',
    });
    expect(host().posterUrl('abc')).toBeUndefined();
    const withCdn = createBunnyVideoHost({
      libraryId: '4242',
      accessKey: 'stream-key',
      apiUrl,
      embedUrl: 'https://iframe.mediadelivery.net/embed',
      cdnHostname: 'vz-4242.b-cdn.net',
    });
    expect(withCdn.posterUrl('abc')).toBe('https://vz-4242.b-cdn.net/abc/thumbnail.jpg');
  });
  it("uploads over Bunny's tus endpoint and plays on its embed page", () => {
    expect(host().tusEndpoint).toBe(`${apiUrl}/tusupload`);
    expect(host().embedUrl('abc')).toBe('https://iframe.mediadelivery.net/embed/4242/abc');
  });
  it('signs a public embed link to expire, with the embed token key; none without it', () => {
    expect(host().publicEmbedUrl('abc', 1_750_000_000)).toBeUndefined();
    const signing = createBunnyVideoHost({
      libraryId: '4242',
      accessKey: 'stream-key',
      apiUrl,
      embedUrl: 'https://iframe.mediadelivery.net/embed',
      embedTokenKey: 'embed-token-key',
    });
    // Bunny's embed view token: SHA256_HEX(token security key + video id + expiration).
    const token = createHash('sha256').update('embed-token-keyabc1750000000').digest('hex');
    expect(signing.publicEmbedUrl('abc', 1_750_000_000)).toBe(
      `https://iframe.mediadelivery.net/embed/4242/abc?token=${token}&expires=1750000000`,
    );
  });
});
