import { expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

// Its own file and database: closing the server is the point, and it takes the queue's 8 s.
it('a job still running when the server closes ends later without writing to the closed database', async () => {
  const t = await createTestApp();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    let failWork: ((err: Error) => void) | undefined;
    await t.app.jobs.define(
      'test.slow',
      // Outlives the queue's 8 s of grace at closing, as a long recording's processing can.
      () => new Promise((_, reject) => (failWork = reject)),
      { label: 'Slow', retryLimit: 0 },
    );
    await t.app.jobs.send('test.slow', {});
    const until = Date.now() + 10_000;
    while (!failWork && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(failWork).toBeDefined();

    await t.close();
    failWork?.(new Error('the work failed after the server closed'));
    await new Promise((r) => setTimeout(r, 500));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}, 60_000);
