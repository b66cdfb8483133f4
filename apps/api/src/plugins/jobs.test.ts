import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { forOrganisers } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the job queue (pg-boss on the application database)', () => {
  it('runs a job at once on the instance that sent it', async () => {
    const seen: number[] = [];
    await t.app.jobs.define<{ n: number }>('test.echo', async ({ n }) => void seen.push(n), {
      label: 'Echo',
    });
    const started = Date.now();
    await t.app.jobs.send('test.echo', { n: 7 });
    await t.app.jobs.settled('test.echo');
    expect(seen).toEqual([7]);
    // Woken, not polled: well under the two-second polling interval.
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('drains a backlog without waiting out the polling interval after each job', async () => {
    let done = 0;
    await t.app.jobs.define('test.backlog', async () => void (done += 1), { label: 'Backlog' });
    const started = Date.now();
    await t.app.jobs.sendMany(
      'test.backlog',
      Array.from({ length: 8 }, (_, n) => ({ n })),
    );
    // Not settled(), which wakes the workers itself.
    await until(() => done === 8, 10_000);
    // One worker: waiting 2 s between jobs would take some 14 s.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('retries a failing job with back-off, then keeps it failed with its error for the organiser', async () => {
    const attempts: number[] = [];
    await t.app.jobs.define(
      'test.always-fails',
      async () => {
        attempts.push(Date.now());
        throw new Error('the transport is down');
      },
      { label: 'Always fails', retryLimit: 2, retryDelay: 1 },
    );
    await t.app.jobs.send('test.always-fails', {});
    await until(() => attempts.length === 3);
    // Back-off: the second wait is longer than the first (1 s, then 2 s).
    const [a, b, c] = attempts as [number, number, number];
    expect(c - b).toBeGreaterThan(b - a);
    let report = await t.app.jobs.report();
    for (let i = 0; i < 100 && !report.failures.some((f) => f.queue === 'test.always-fails'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      report = await t.app.jobs.report();
    }
    expect(report.failures).toContainEqual(
      expect.objectContaining({
        queue: 'test.always-fails',
        attempts: 3,
        label: 'Always fails',
        error: 'the transport is down',
      }),
    );
    expect(report.queues).toContainEqual(
      expect.objectContaining({ name: 'test.always-fails', failed: 1, scheduled: false }),
    );
  });

  it('never runs two runs of a scheduled task at once, and keeps one waiting', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => {};
    await t.app.jobs.every(
      'test.sweep',
      '0 0 1 1 *',
      async () => {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((r) => (release = r));
        running -= 1;
      },
      'Sweep',
    );
    await t.app.jobs.send('test.sweep', {});
    await until(() => runs === 1);
    // While one runs, three more ticks leave one run waiting, not three.
    for (let i = 0; i < 3; i++) await t.app.jobs.send('test.sweep', {});
    release();
    await until(() => runs === 2);
    release();
    await t.app.jobs.settled('test.sweep');
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(2);
    expect(most).toBe(1);
    // The organiser's jobs page shows its runs as routine checks, not as work.
    expect((await t.app.jobs.report()).queues).toContainEqual(
      expect.objectContaining({ name: 'test.sweep', label: 'Sweep', done: 2, scheduled: true }),
    );
  });

  it("takes a queue's new settings when a release changes them", async () => {
    const policy = async () => {
      const { rows } = await t.app.database.executeSql(
        `select policy from pgboss.queue where name = 'test.resettled'`,
      );
      return (rows[0] as { policy: string }).policy;
    };
    const work = async () => {};
    await t.app.jobs.define('test.resettled', work, { label: 'Resettled', coalesce: true });
    expect(await policy()).toBe('stately');
    // The next release defines it without coalescing, on the same database.
    await t.app.jobs.define('test.resettled', work, { label: 'Resettled' });
    expect(await policy()).toBe('standard');
  });
});

describe('shutdown', () => {
  it('waits for the running job before the server closes', async () => {
    const app = await createTestApp();
    let finished = false;
    let started = false;
    await app.app.jobs.define(
      'test.slow',
      async () => {
        started = true;
        await new Promise((r) => setTimeout(r, 800));
        finished = true;
      },
      { label: 'Slow' },
    );
    await app.app.jobs.send('test.slow', {});
    await until(() => started);
    await app.app.close();
    expect(finished).toBe(true);
    await app.close().catch(() => {});
  });
});

describe('what organisers read of a failure', () => {
  it('is the message, never a database error quoting its query and parameters', () => {
    expect(forOrganisers('The transport is down')).toBe('The transport is down');
    expect(
      forOrganisers(
        'Failed query: select * from customers where email = $1\nparams: naledi@example.org',
      ),
    ).toBe('A database query failed (see the server log).');
    expect(forOrganisers(undefined)).toBe('Unknown error');
    expect(forOrganisers('x'.repeat(900))).toHaveLength(500);
  });
});
