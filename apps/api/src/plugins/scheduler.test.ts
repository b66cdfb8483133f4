import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import scheduler from './scheduler.ts';

async function appWithScheduler() {
  const app = Fastify({ logger: false });
  await app.register(scheduler);
  await app.ready();
  return app;
}

describe('the scheduler (every recurring background task)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs a task on its interval, never two runs of it at once', async () => {
    vi.useFakeTimers();
    const app = await appWithScheduler();
    let running = 0;
    let most = 0;
    let runs = 0;
    let finish: () => void = () => {};
    app.scheduler.every('slow task', 1000, async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => (finish = resolve));
      running -= 1;
    });
    await vi.advanceTimersByTimeAsync(3500);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    finish();
    await app.close();
  });

  it('logs a failure with the task name and runs the task again next time', async () => {
    vi.useFakeTimers();
    const app = await appWithScheduler();
    const logged = vi.spyOn(app.log, 'error');
    let runs = 0;
    app.scheduler.every('failing task', 1000, async () => {
      runs += 1;
      throw new Error('boom');
    });
    // A task that throws before it returns its promise is caught the same way.
    app.scheduler.every('throwing task', 1000, () => {
      throw new Error('at once');
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'failing task' }),
      'failing task failed',
    );
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'throwing task' }),
      'throwing task failed',
    );
    await app.close();
  });

  it('on close stops the timers and waits for the run in progress', async () => {
    const app = await appWithScheduler();
    let finished = false;
    let started = false;
    app.scheduler.every('draining task', 10, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    await vi.waitFor(() => expect(started).toBe(true));
    await app.close();
    expect(finished).toBe(true);
  });
});
