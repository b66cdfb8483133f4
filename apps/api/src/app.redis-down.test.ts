import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFamily } from './test/family.ts';
import { catalogueItems } from './test/fixtures.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { tusClient, slotFor } from './test/tus-client.ts';

// Issue 31, decision 038: Redis down was reported `degraded`, yet sign-in, registration and a
// tus HEAD answered 500. Without Redis, families sign in and register (the limits counted by
// each instance), an upload is refused with a clear 503 its uploader retries, and /readyz says so.

const GENERIC = "An error has occurred. Please contact the provider's support";

/**
 * The way to the machine's Redis (REDIS_URL, as CI sets it) through a proxy of the test's own,
 * so that Redis can go down under a running app: `down()` closes it and every connection.
 */
async function redisBehindProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    async down() {
      const closed = new Promise((resolve) => proxy.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

const redisUrl = process.env.REDIS_URL;
let t: TestApp;
let base: string;
let redis: Awaited<ReturnType<typeof redisBehindProxy>>;
beforeAll(async () => {
  if (!redisUrl) return;
  redis = await redisBehindProxy(new URL(redisUrl));
  t = await createTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: 'heal:' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await redis?.down();
});

it.runIf(redisUrl)(
  'Redis down: families register and sign in, an upload gets a clear 503, and /readyz says what is lost',
  async () => {
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profile = await f.addContestant();
    const item = (await catalogueItems(t)).find(
      (i) => i.category.section === 'Music' && !i.isGroupItem && !i.requiresAnInstrument,
    )!;
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profile,
    });
    expect(added.statusCode, added.body).toBe(201);
    await f.payCart(cart);
    const entry = added.json<{ id: number }>().id;

    const { auth } = await slotFor(f, entry);
    const tus = tusClient(() => base);
    const created = await tus.create(auth, 'recital.mp4', 1024);
    expect(created.status).toBe(201);

    await redis.down();
    // Registration and sign-in (both rate-limited) go on.
    const other = await createFamily(t);
    expect(await other.openCart()).toBeGreaterThan(0);

    // An upload cannot be locked across instances: refused at once, not after tus's 30 s.
    const started = Date.now();
    const head = await fetch(new URL(created.headers.get('location')!, base), {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        AuthorizationSignature: auth.signature,
        AuthorizationExpire: String(auth.expires),
        VideoId: auth.videoId,
        LibraryId: auth.libraryId,
      },
    });
    expect(head.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    const patch = await tus.patch(auth, created.headers.get('location')!, 0, Buffer.alloc(1024));
    expect(patch.status).toBe(503);
    expect(await patch.text()).toBe(GENERIC);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{
      status: string;
      checks: { name: string; state: string; impact?: string }[];
    }>();
    expect(body.status).toBe('degraded');
    expect(body.checks.find((c) => c.name === 'redis')).toMatchObject({
      state: 'down',
      impact: expect.stringMatching(/uploads answer 503.*rate limits are counted by each instance/),
    });
    expect(body.checks.find((c) => c.name === 'database')).not.toHaveProperty('impact');
  },
  120_000,
);

it.runIf(redisUrl)(
  'Redis down: the sign-in limit still refuses, counted by this instance',
  async () => {
    const limited = [];
    for (let i = 0; i < 65; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Authentication/SilentLogin',
        remoteAddress: '203.0.113.77',
        payload: { username: 'nobody@example.org', password: 'none', isMobile: false },
      });
      expect(res.statusCode, res.body).not.toBe(500);
      limited.push(res.statusCode);
    }
    expect(limited).toContain(404);
    expect(limited.at(-1)).toBe(429);
  },
);
