import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiInstance, freePort, type LogSink } from './instances.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';
import { startS3Server } from './s3-server.ts';
import { createDatabase, redisUrl } from './services.ts';
import { startSmtpPeer } from './smtp-peer.ts';

const BUCKET = 'eisteddfod-cluster';
export const S3_PREFIX = 'cluster/';
export const ORGANISER_EMAIL = 'organiser@cluster.example';

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * Two API instances as production runs them (issue 15): behind a round-robin load balancer on
 * loopback, on one PostgreSQL database (fresh for this run), one Redis, one S3-compatible bucket
 * and one SMTP server. They share every setting but their port and DATA_DIR, including
 * AUTH_SECRET (a local run would otherwise make a secret of its own under each DATA_DIR, and a
 * login made by one instance would not be believed by the other).
 *
 * Everything is started in order and, on the way, registered for `stop`, which undoes whatever
 * was started even when starting failed half-way.
 */
export async function startCluster(logFile: string) {
  const log: LogSink = (line) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);
  const cleanUps: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanUp of cleanUps.reverse()) {
      await Promise.resolve()
        .then(cleanUp)
        .catch((err: Error) => log(`clean-up: ${err.message}`));
    }
  };
  try {
    const scratch = mkdtempSync(path.join(tmpdir(), 'eisteddfod-cluster-'));
    cleanUps.push(() => rmSync(scratch, { recursive: true, force: true }));
    const run = `cluster_${Date.now()}_${process.pid}`;
    const database = await createDatabase(run);
    cleanUps.push(() => database.drop());
    const s3 = await startS3Server({ directory: path.join(scratch, 's3'), bucket: BUCKET, log });
    cleanUps.push(() => s3.close());
    const smtp = await startSmtpPeer();
    cleanUps.push(() => smtp.close());

    const upstreams = [
      { name: 'api-1', port: await freePort() },
      { name: 'api-2', port: await freePort() },
    ];
    const proxy = await startRoundRobinProxy(upstreams, log);
    cleanUps.push(() => proxy.close());

    const shared = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: proxy.origin,
      TRUST_PROXY: '1',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl(),
      // This run's own keys in the machine's shared Redis: every run's fresh database numbers
      // its customers from 1, and rate limits count per customer.
      REDIS_PREFIX: `${run}:`,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Online Eisteddfod <no-reply@cluster.example>',
      ORGANISER_BOOTSTRAP_EMAIL: ORGANISER_EMAIL,
    };
    const instances = upstreams.map(
      ({ name, port }) =>
        new ApiInstance(name, port, { ...shared, DATA_DIR: path.join(scratch, name) }, log),
    );
    cleanUps.push(() => Promise.all(instances.map((i) => i.kill())).then(() => undefined));
    // One after the other: the first migrates and seeds, the second finds it done (both would
    // wait on the same advisory lock anyway; in turn, a failure names its instance).
    for (const instance of instances) await instance.start();

    return { database, s3, smtp, proxy, instances, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
