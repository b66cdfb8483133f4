import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BLIND_VIDEO_TITLE } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Security review of issue 30 (M2): with Bunny Stream, a video's title is what the family's
 * browser named it (tus metadata `title: file.name`, 'Thandi Mokoena Gr7 St Marys.mp4'), and
 * adjudicators play it on Bunny's embed page, which shows that title: blind marking broken by a
 * file name. Bunny keeps only a blind title, set by the server whatever the browser sent.
 */
const calls: { method: string; path: string; body: string }[] = [];
let bunny: Server;
let t: TestApp;

const bodyOf = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  // Bunny's Stream API as far as a video's life goes: make one, read its size, update it.
  bunny = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      calls.push({ method: req.method ?? '', path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url?.endsWith('/collections'))
        return res.end(JSON.stringify({ guid: '0b7e9d3c-3f5e-4f7e-9a51-6d2f0c1e2a11' }));
      if (req.method === 'POST' && req.url?.endsWith('/videos'))
        return res.end(JSON.stringify({ guid: '9d1c1a52-5a7e-4a39-9b8f-2f5f3b8f5d10' }));
      if (req.method === 'GET') return res.end(JSON.stringify({ storageSize: 4096 }));
      return res.end(JSON.stringify({ success: true }));
    });
  });
  await new Promise<void>((resolve) => bunny.listen(0, '127.0.0.1', resolve));
  const { port } = bunny.address() as AddressInfo;
  t = await createTestApp({
    env: {
      BUNNY_LIBRARY_ID: '4242',
      BUNNY_ACCESS_KEY: 'stream-key',
      BUNNY_API_URL: `http://127.0.0.1:${port}`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => bunny.close(resolve));
});

describe('a video on Bunny Stream', () => {
  it('carries a blind title, never the name the family gave the file', async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const item = (await catalogueItems(t)).find(
      (i) => i.category.section === 'Music' && !i.isGroupItem && !i.requiresAnInstrument,
    )!;
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: await f.addContestant({ firstName: 'Thandi', surname: 'Mokoena' }),
    });
    await f.payCart(cart);
    const entry = added.json<{ id: number }>().id;
    const collection = await f.call('POST', '/api/Uploads/Collection', { name: String(entry) });
    expect(collection.statusCode, collection.body).toBe(200);
    const guid = collection.json<{ guid: string }>().guid;
    // An old or forged client names the slot after the child.
    const name = 'Thandi Mokoena Gr7 St Marys.mp4';
    const slot = await f.call('POST', `/api/Uploads/Collection/${guid}/Video`, { title: name });
    expect(slot.statusCode, slot.body).toBe(200);
    const videoId = slot.json<{ guid: string }>().guid;
    // ... and the browser's tus upload to Bunny says the same (Bunny takes the title from it).
    const recorded = await f.call('POST', `/api/OrderItems/${entry}/OrderItemUploads`, {
      fileName: name,
      uploadType: 2,
      sizeInBytes: 4096,
      originalFileName: name,
      isPrimaryFile: true,
      videoId,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const writes = calls.filter((c) => c.method === 'POST');
    expect(writes.map((c) => c.body).join('\n')).not.toContain('Thandi');
    // The title Bunny ends with is the blind one, set after the upload.
    const last = writes.filter((c) => c.path.endsWith(`/videos/${videoId}`)).at(-1);
    expect(JSON.parse(last?.body ?? '{}')).toEqual({ title: BLIND_VIDEO_TITLE });
  });
});
