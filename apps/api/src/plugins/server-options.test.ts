import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../config/env.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { serverOptions } from './server-options.ts';

/** Issue 30, the operator-facing leaks: request ids, and what an error's log line keeps. */
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are unique across instances, not a per-process count', async () => {
    const other = await t.anotherInstance();
    const a = await t.app.inject({ url: '/healthz' });
    const b = await other.inject({ url: '/healthz' });
    const ids = [a.headers['x-request-id'], b.headers['x-request-id']];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("keep a proxy's short, well-formed id and never echo anything else", async () => {
    const keep = 'lb-7f3a9c21.trace:42';
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': keep } });
    expect(kept.headers['x-request-id']).toBe(keep);
    for (const given of [
      'x'.repeat(5000),
      'y'.repeat(65),
      '',
      'has space in it',
      '<script>alert(1)</script>',
    ]) {
      const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});

describe('request log lines', () => {
  it('are one JSON line per request, with its id, route pattern, status and time, never its query', async () => {
    const before = lines.length;
    const res = await t.app.inject({
      url: '/api/Certificates/Verify/SOME-CODE?email=thandi.private@example.org',
      headers: { 'x-request-id': 'lb-trace-1' },
    });
    const mine = lines
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.reqId === 'lb-trace-1');
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/Certificates/Verify/SOME-CODE' }),
        route: '/api/Certificates/Verify/:code',
        res: { statusCode: res.statusCode },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain('thandi');
  });

  it("never keep a parent's invitation token, which is its permission (decision 063)", async () => {
    const before = lines.length;
    const secret = 'Z3JlYXQtc2VjcmV0LXRva2VuLW9mLWEtcGFyZW50';
    await t.app.inject({
      url: `/api/ParentInvitations/${secret}`,
      headers: { 'x-request-id': 'invite-1' },
    });
    const mine = lines.slice(before).filter((l) => l.includes('invite-1'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.join('\n')).not.toContain(secret);
    expect(mine.join('\n')).toContain('/api/ParentInvitations/…');
  });

  it('leave out the health checks, which log at warn', async () => {
    const before = lines.length;
    await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
    expect(lines.slice(before).filter((l) => l.includes('probe-1'))).toEqual([]);
  });
});

describe('error log lines', () => {
  it("keep a failed query's SQL and SQLSTATE, never its parameters or quoted values", async () => {
    const email = 'thandi.private@example.org';
    const pin = '775583';
    const err = await t.database.db.execute(sql`select ${email}::integer as n, ${pin} as pin`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    // What the code does with an unexpected error: log it with the request's logger.
    t.app.log.error({ err }, 'unhandled error');
    const line = lines.at(-1) ?? '';
    expect(line).toContain('unhandled error');
    expect(line).toContain('22P02');
    expect(line).toContain('select $1::integer');
    expect(line).not.toContain(email);
    expect(line).not.toContain(pin);
  });
});

describe('start-up', () => {
  // A production server checks ffmpeg at start with a 10 s limit (providers/media/ffmpeg.ts): on
  // a loaded machine the check took longer than Fastify's own 10 s for a start-up hook, and the
  // server exited with FST_ERR_HOOK_TIMEOUT instead of starting (seen rehearsing the image).
  it('gives a hook that waits on a dependency longer than its own 10 s check', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const app = Fastify(serverOptions(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })));
      app.addHook('onReady', () => new Promise<void>((resolve) => setTimeout(resolve, 12_000)));
      const ready = app.ready().then(
        () => 'ready',
        (error: { code?: string }) => error.code ?? 'failed',
      );
      await vi.advanceTimersByTimeAsync(12_000);
      expect(await ready).toBe('ready');
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
