import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const until = async (check: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

// Change notices between instances (plugins/changes.ts) ride on a LISTEN connection of each
// instance's own; PostgreSQL only (PGlite keeps them in the process).
it.runIf(process.env.DATABASE_URL)(
  'listens again after its connection is killed, and says notices may have been missed',
  async () => {
    const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
    const channel = `test_listen_${process.pid}_${Date.now()}`;
    const heard: string[] = [];
    let gaps = 0;
    const stop = await database.listen(
      channel,
      (p) => heard.push(p),
      () => (gaps += 1),
    );
    try {
      await database.executeSql('select pg_notify($1, $2)', [channel, 'first']);
      await until(() => heard.includes('first'), 'the first notice');

      // A database restart, a failover or a network cut: the listening backend goes away.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query = $1`, [
        `listen "${channel}"`,
      ]);
      await admin.end();

      await until(() => gaps === 1, 'the gap');
      await database.executeSql('select pg_notify($1, $2)', [channel, 'second']);
      await until(() => heard.includes('second'), 'a notice after the reconnection');
      expect(heard).toEqual(['first', 'second']);
      expect(gaps).toBe(1);
    } finally {
      await stop();
      await database.close();
    }
  },
);
