import fp from 'fastify-plugin';

/**
 * Every recurring background task of the process, in one place: each runs on its own timer,
 * never overlaps itself, and a failure is logged with its name and tried again next time. On
 * close the timers stop and the runs in progress are awaited, before any module closes. A real
 * job queue replaces this when the work must be shared between instances (issue 15); keep the
 * interface that small.
 */
interface Scheduler {
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

export default fp(
  async (app) => {
    const timers: NodeJS.Timeout[] = [];
    const running = new Set<Promise<unknown>>();
    let closed = false;

    app.decorate<Scheduler>('scheduler', {
      every(name, intervalMs, task) {
        let busy = false;
        const timer = setInterval(() => {
          if (busy || closed) return;
          busy = true;
          // Through a promise, so that a task that throws before it returns one is logged too.
          const run = Promise.resolve()
            .then(task)
            .catch((err: unknown) => app.log.error({ err, task: name }, `${name} failed`))
            .finally(() => {
              busy = false;
              running.delete(run);
            });
          running.add(run);
        }, intervalMs);
        timer.unref();
        timers.push(timer);
      },
    });

    // Before the modules' own onClose hooks, so no task runs while they settle and close.
    app.addHook('preClose', async () => {
      closed = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    });
  },
  { name: 'scheduler' },
);
