import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server } from '@tus/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { RedisTusLocker } from './redis-tus-locker.ts';

// Runs where a Redis is configured (CI sets REDIS_URL when the machine's Redis answers).
const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('redis tus locker', () => {
  const lockers: RedisTusLocker[] = [];
  /** A locker of its own connections: one API instance. */
  const instance = (options: Partial<ConstructorParameters<typeof RedisTusLocker>[0]> = {}) => {
    const locker = new RedisTusLocker({
      url: redisUrl ?? '',
      prefix: `test:${randomUUID()}:`,
      ...options,
    });
    lockers.push(locker);
    return locker;
  };
  /** Two instances sharing one Redis (and one prefix). */
  const twoInstances = (options: Partial<ConstructorParameters<typeof RedisTusLocker>[0]> = {}) => {
    const prefix = `test:${randomUUID()}:`;
    return [instance({ prefix, ...options }), instance({ prefix, ...options })] as const;
  };
  const never = new AbortController().signal;
  afterEach(async () => {
    await Promise.all(lockers.splice(0).map((l) => l.close()));
  });

  it("makes the second instance's request wait until the first unlocks", async () => {
    const [a, b] = twoInstances();
    const id = randomUUID();
    const first = a.newLock(id);
    await first.lock(never, () => {});
    let acquired = false;
    const second = b.newLock(id);
    const waiting = second.lock(never, () => {}).then(() => (acquired = true));
    await sleep(400);
    expect(acquired).toBe(false);
    await first.unlock();
    await waiting;
    expect(acquired).toBe(true);
    // Other uploads are not held up meanwhile.
    await a.newLock(randomUUID()).lock(never, () => {});
    await second.unlock();
  });

  it("asks the holder on the other instance to release (tus's requestRelease)", async () => {
    const [a, b] = twoInstances();
    const id = randomUUID();
    const first = a.newLock(id);
    // The tus holder, asked to release, finishes its request and unlocks.
    const requestRelease = vi.fn(() => {
      void first.unlock();
    });
    await first.lock(never, requestRelease);
    const second = b.newLock(id);
    const started = Date.now();
    await second.lock(never, () => {});
    expect(requestRelease).toHaveBeenCalled();
    expect(Date.now() - started).toBeLessThan(2000);
    await second.unlock();
  });

  it('fails with ERR_LOCK_TIMEOUT after the acquire timeout, or when the request stops', async () => {
    const [a, b] = twoInstances({ acquireTimeoutMs: 300 });
    const id = randomUUID();
    await a.newLock(id).lock(never, () => {});
    const started = Date.now();
    await expect(b.newLock(id).lock(never, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    const [c, d] = twoInstances({ acquireTimeoutMs: 30_000 });
    await c.newLock(id).lock(never, () => {});
    const stop = new AbortController();
    const waiting = d.newLock(id).lock(stop.signal, () => {});
    setTimeout(() => stop.abort(), 100);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('keeps extending a held lock past its TTL', async () => {
    const [a, b] = twoInstances({ lockTtlMs: 300, acquireTimeoutMs: 1000 });
    const id = randomUUID();
    const held = a.newLock(id);
    await held.lock(never, () => {});
    // Three TTLs later the holder still has it: the waiter times out.
    await expect(b.newLock(id).lock(never, () => {})).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
    const next = b.newLock(id);
    await next.lock(never, () => {});
    await next.unlock();
  });

  it('does not block forever when the holder dies without unlocking', async () => {
    const [a, b] = twoInstances({ lockTtlMs: 500, acquireTimeoutMs: 5000 });
    const id = randomUUID();
    await a.newLock(id).lock(never, () => {});
    // The holder's process is gone: its connections drop, nothing unlocks or extends.
    await a.close();
    const started = Date.now();
    const second = b.newLock(id);
    await second.lock(never, () => {});
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(200);
    expect(waited).toBeLessThan(2000);
    await second.unlock();
  });

  it('refuses to unlock a lock it does not hold, as MemoryLocker does', async () => {
    const locker = instance();
    await expect(locker.newLock(randomUUID()).unlock()).rejects.toThrow(/unlocked lock/);
  });
});

describe.runIf(redisUrl)('two tus servers on one store, sharing the redis locker', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** Two API instances: their own tus server, locker and port, one folder of uploads. */
  async function twoServers() {
    const directory = mkdtempSync(path.join(tmpdir(), 'tus-locker-'));
    closers.push(async () => rmSync(directory, { recursive: true, force: true }));
    const prefix = `test:${randomUUID()}:`;
    const start = async () => {
      const locker = new RedisTusLocker({ url: redisUrl ?? '', prefix });
      const tus = new Server({
        path: '/files',
        datastore: new FileStore({ directory }),
        locker,
        // How long a holder asked to release may still finish (tus's default is 3 s).
        lockDrainTimeout: 100,
      });
      const server = http.createServer((req, res) => void tus.handle(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      closers.push(async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await locker.close();
      });
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    return { directory, a: await start(), b: await start() };
  }

  const tusHeaders = { 'Tus-Resumable': '1.0.0' };
  const patch = (base: string, id: string, offset: number, body: Buffer) =>
    fetch(`${base}/files/${id}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
    });
  const offsetAt = async (base: string, id: string) => {
    const res = await fetch(`${base}/files/${id}`, { method: 'HEAD', headers: tusHeaders });
    expect(res.status).toBe(200);
    return Number(res.headers.get('upload-offset'));
  };
  async function create(base: string, size: number) {
    const res = await fetch(`${base}/files`, {
      method: 'POST',
      headers: { ...tusHeaders, 'Upload-Length': String(size) },
    });
    expect(res.status).toBe(201);
    return res.headers.get('location')!.split('/').pop()!;
  }

  it('takes one upload in turns from alternating instances', async () => {
    const { directory, a, b } = await twoServers();
    const data = randomBytes(30_000);
    const id = await create(a, data.length);
    for (const [i, base] of [a, b, a].entries()) {
      const res = await patch(base, id, i * 10_000, data.subarray(i * 10_000, (i + 1) * 10_000));
      expect(res.status).toBe(204);
    }
    expect(await offsetAt(b, id)).toBe(data.length);
    expect(readFileSync(path.join(directory, id)).equals(data)).toBe(true);
  });

  it("makes a stalled PATCH on one instance give way to the other's request", async () => {
    const { directory, a, b } = await twoServers();
    const data = randomBytes(20_000);
    const id = await create(a, data.length);
    // A PATCH to A whose client sends a little and then stalls, holding the upload's lock.
    const stalled = http.request(`${a}/files/${id}`, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
    });
    const stalledAnswer = new Promise<number>((resolve) => {
      stalled.on('response', (res) => resolve(res.statusCode ?? 0));
      stalled.on('error', () => resolve(0));
    });
    stalled.write(data.subarray(0, 5_000));
    await sleep(300);
    // B's request waits for the lock, asks A (through Redis) to release it, and then answers.
    const started = Date.now();
    const offset = await offsetAt(b, id);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(offset).toBeLessThanOrEqual(5_000);
    expect(await stalledAnswer).not.toBe(201);
    stalled.destroy();
    // The rest from where A stopped, through B.
    expect((await patch(b, id, offset, data.subarray(offset))).status).toBe(204);
    expect(await offsetAt(a, id)).toBe(data.length);
    expect(readFileSync(path.join(directory, id)).equals(data)).toBe(true);
  });
});

describe.runIf(redisUrl)('the tus endpoint with REDIS_URL', () => {
  it("locks through Redis, and closes the locker's connections with the app", async () => {
    const t = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const locker = t.app.tusUploads.server.options.locker;
    expect(locker).toBeInstanceOf(RedisTusLocker);
    const lock = (locker as RedisTusLocker).newLock(randomUUID());
    await lock.lock(new AbortController().signal, () => {});
    await lock.unlock();
    const close = vi.spyOn(locker as RedisTusLocker, 'close');
    await t.close();
    expect(close).toHaveBeenCalled();
  });
});
