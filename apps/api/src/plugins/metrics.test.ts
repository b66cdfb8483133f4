import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../lib/paths.ts';
import { exportedNames, sample } from '../test/prometheus-text.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const TOKEN = 'a-metrics-token-of-at-least-32-characters';
const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist, whatever the caller sends (fail closed)', async () => {
    for (const auth of [undefined, 'Bearer ', `Bearer ${TOKEN}`, 'Bearer undefined']) {
      const res = await scrape(t, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let releaseMail = () => {};
  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_TOKEN: TOKEN },
      // A mail server that does not answer yet: messages stay waiting in the outbox.
      transports: {
        mail: {
          send: () => new Promise<void>((resolve) => (releaseMail = resolve)),
          close: () => {},
        },
      },
    });
  });
  afterAll(async () => {
    releaseMail();
    await t.close();
  });

  it('refuses a caller without the token, or with another, as an address with no route', async () => {
    for (const auth of [
      undefined,
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const res = await scrape(t, auth);
      expect(res.statusCode, String(auth)).toBe(404);
      expect(res.body).not.toContain('eisteddfod_');
    }
  });

  it('answers the figures in Prometheus text format with the token', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const names = exportedNames(res.body);
    for (const name of [
      'eisteddfod_http_request_duration_seconds_bucket',
      'eisteddfod_jobs_waiting',
      'eisteddfod_jobs_running',
      'eisteddfod_jobs_failed',
      'eisteddfod_jobs_oldest_waiting_seconds',
      'eisteddfod_job_failures_total',
      'eisteddfod_job_duration_seconds_bucket',
      'eisteddfod_outbox_waiting',
      'eisteddfod_outbox_oldest_waiting_seconds',
      'eisteddfod_uploads_in_progress',
      'eisteddfod_processing_waiting',
      'eisteddfod_processing_oldest_waiting_seconds',
      'eisteddfod_db_pool_connections',
      'eisteddfod_db_pool_max_connections',
      'eisteddfod_db_pool_waiting_queries',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    // Every queue defined, with its depth, before any job was sent.
    expect(sample(res.body, 'eisteddfod_jobs_waiting', { queue: 'certificates.make' })).toBe(0);
    expect(sample(res.body, 'eisteddfod_uploads_in_progress')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(sample(res.body, 'eisteddfod_db_pool_max_connections')).toBe(5);
    }
  });

  it("files a request under its route's pattern, never its address", async () => {
    const before = await scrape(t, `Bearer ${TOKEN}`);
    // The pattern as the route declares it (the spec's casing), whatever the casing asked.
    const labels = { method: 'GET', route: '/api/Certificates/Verify/:code', status: '404' };
    const count = sample(before.body, 'eisteddfod_http_request_duration_seconds_count', labels);
    await t.app.inject({ method: 'GET', url: '/api/certificates/verify/PERSONAL-CODE-123' });
    const after = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(after, 'eisteddfod_http_request_duration_seconds_count', labels)).toBe(
      (count ?? 0) + 1,
    );
    expect(after).not.toContain('PERSONAL-CODE-123');
    // An address with no route: one label for them all.
    await t.app.inject({ method: 'GET', url: '/api/no-such-call/jane.doe@example.org' });
    const unmatched = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(unmatched).not.toContain('jane.doe');
    expect(
      sample(unmatched, 'eisteddfod_http_request_duration_seconds_count', {
        route: '(no route)',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows a failed job in its queue: the attempt on this instance, and the job given up', async () => {
    await t.app.jobs.define(
      'test.metrics-fails',
      async () => {
        throw new Error('the transport is down');
      },
      { label: 'Fails for the figures', retryLimit: 0 },
    );
    await t.app.jobs.send('test.metrics-fails', {});
    await until(async () => {
      const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
      return sample(text, 'eisteddfod_jobs_failed', { queue: 'test.metrics-fails' }) === 1;
    });
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'eisteddfod_job_failures_total', { queue: 'test.metrics-fails' })).toBe(1);
    expect(
      sample(text, 'eisteddfod_job_duration_seconds_count', {
        queue: 'test.metrics-fails',
        outcome: 'failed',
      }),
    ).toBe(1);
  });

  it('shows jobs waiting for a worker, the one running, and how long the oldest has waited', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await t.app.jobs.define('test.metrics-busy', () => held, { label: 'One at a time' });
    await t.app.jobs.sendMany('test.metrics-busy', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    const labels = { queue: 'test.metrics-busy' };
    await until(async () => {
      const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
      return sample(text, 'eisteddfod_jobs_running', labels) === 1;
    });
    await new Promise((r) => setTimeout(r, 1100));
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    release();
    expect(sample(text, 'eisteddfod_jobs_waiting', labels)).toBe(2);
    expect(sample(text, 'eisteddfod_jobs_oldest_waiting_seconds', labels)).toBeGreaterThanOrEqual(
      1,
    );
    await t.app.jobs.settled('test.metrics-busy');
  });

  it('shows the outbox backlog per channel', async () => {
    await t.app.outbox.enqueueEmail('someone@example.org', 'Hello', 'A message that waits');
    await until(async () => {
      const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
      return (sample(text, 'eisteddfod_outbox_waiting', { channel: 'email' }) ?? 0) >= 1;
    });
    const text = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'eisteddfod_outbox_waiting', { channel: 'whatsapp' })).toBeUndefined();
    expect(
      sample(text, 'eisteddfod_outbox_oldest_waiting_seconds', { channel: 'email' }),
    ).toBeGreaterThanOrEqual(0);
  });

  it('exports every metric the Grafana dashboard queries (docs/operations)', async () => {
    const file = path.join(apiRoot(), '../../docs/operations/grafana-dashboard.json');
    const dashboard = JSON.parse(readFileSync(file, 'utf8')) as {
      panels: { title: string; targets?: { expr: string }[] }[];
    };
    const exported = exportedNames((await scrape(t, `Bearer ${TOKEN}`)).body);
    const queried = dashboard.panels.flatMap((p) =>
      (p.targets ?? []).flatMap((target) =>
        [...target.expr.matchAll(/\b(?:eisteddfod|nodejs|process)_[a-z0-9_]+/g)].map((m) => ({
          panel: p.title,
          name: m[0],
        })),
      ),
    );
    expect(queried.length).toBeGreaterThan(10);
    expect(queried.filter((q) => !exported.has(q.name))).toEqual([]);
  });
});

describe('GET /metrics beside the web app (production serves both)', () => {
  // The security review of issue 31: with the web build served, any unknown address answers the
  // app's page (200), while a refused /metrics answered the API's 404, telling a stranger that
  // figures were there.
  let t: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), 'metrics-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Eisteddfod</title>');
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a caller without the token as it answers any address with no page', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    for (const [url, auth] of [
      ['/metrics', undefined],
      ['/metrics', `Bearer ${TOKEN}x`],
      ['/METRICS', undefined],
      ['/metrics/', undefined],
    ]) {
      const headers = auth ? { authorization: auth } : {};
      const res = await t.app.inject({ method: 'GET', url: url!, headers });
      expect(res.statusCode, url).toBe(other.statusCode);
      expect(res.headers['content-type']).toBe(other.headers['content-type']);
      expect(res.body).toBe(other.body);
    }
    expect((await scrape(t, `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });
});
