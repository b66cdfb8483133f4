import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';

/**
 * Tells every instance that shared data changed, so each drops what it keeps in memory (the
 * catalogue snapshot, decision 002). PostgreSQL's LISTEN/NOTIFY carries it: the database every
 * instance already shares, so there is nothing more to run. On PGlite it stays in the process.
 * When the listening connection was lost for a while, every handler runs with no detail:
 * anything may have changed meanwhile.
 */
export interface Changes {
  /**
   * Announces that `topic` changed: this instance's handlers run at once, before `announce`
   * returns, and the other instances' when PostgreSQL's notification reaches them.
   */
  announce(topic: string, detail?: string): void;
  /** Runs `handler` for each announcement of `topic`; `detail` undefined means "everything". */
  on(topic: string, handler: (detail: string | undefined) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

const CHANNEL = 'eisteddfod_changes';

/** The list of schools changed: forms and checks read it again (modules/schools). */
export const SCHOOLS_CHANGED = 'schools';

export default fp(
  async (app) => {
    const handlers = new Map<string, ((detail: string | undefined) => void)[]>();
    // Our own notifications come back to us: the instance that announced has run its handlers
    // already (a caller answering right after announcing must not meet its own stale cache).
    const instance = randomUUID();
    const run = (topic: string, detail: string | undefined) => {
      for (const handler of handlers.get(topic) ?? []) handler(detail);
    };
    const stop = await app.database.listen(
      CHANNEL,
      (payload) => {
        try {
          const { topic, detail, from } = JSON.parse(payload) as {
            topic: string;
            detail?: string;
            from?: string;
          };
          if (from !== instance) run(topic, detail);
        } catch (err) {
          app.log.warn({ err }, 'unreadable change notification');
        }
      },
      () => {
        app.log.warn('change notifications may have been missed: dropping every cache');
        for (const topic of handlers.keys()) run(topic, undefined);
      },
    );

    app.decorate<Changes>('changes', {
      announce(topic, detail) {
        run(topic, detail);
        const payload = JSON.stringify({ topic, detail, from: instance });
        app.database
          .executeSql('select pg_notify($1, $2)', [CHANNEL, payload])
          .catch((err: unknown) => app.log.error({ err, topic }, 'change not announced'));
      },
      on(topic, handler) {
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      },
    });

    app.addHook('onClose', async () => {
      await stop().catch(() => {});
    });
  },
  { name: 'changes', dependencies: ['core'] },
);
