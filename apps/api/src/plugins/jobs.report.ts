import type { FastifyInstance } from 'fastify';
import { METRIC_PREFIX } from './metrics.ts';

// What the job queue tells organisers (GET /api/Staff/Jobs) and Prometheus (decision 039), read
// from the queue's own tables.

export const SCHEMA = 'pgboss';

export interface JobsReport {
  queues: {
    name: string;
    label: string;
    waiting: number;
    running: number;
    done: number;
    failed: number;
    /** A check run on a schedule (`jobs.every`), as opposed to work queued as it comes. */
    scheduled: boolean;
  }[];
  failures: {
    id: string;
    queue: string;
    label: string;
    failedAt: string;
    attempts: number;
    error: string;
  }[];
}

/**
 * A failed job's error as the organiser reads it: the message only (a stack says nothing to
 * them), and never a database error's text, which quotes the query and its parameters (names,
 * addresses) and is in the server's log for whoever needs it.
 */
export function forOrganisers(message: unknown): string {
  const text = typeof message === 'string' && message ? message : 'Unknown error';
  if (/^Failed query:|\bparams:/.test(text)) return 'A database query failed (see the server log).';
  return text.slice(0, 500);
}

/**
 * Per queue, how many jobs are in each state, and the latest failures with their errors; every
 * queue this instance defines (`labels`, name to label) is listed, with nothing done yet too.
 */
export async function readReport(
  app: FastifyInstance,
  labels: Map<string, string>,
  scheduled: ReadonlySet<string> = new Set(),
): Promise<JobsReport> {
  // The failures first, then the counts: a job only moves on (running, then failed), so
  // counts read after the failures include every failure listed. The other order showed
  // a job in the list as failed and in its queue's counts as still running (a CI flake).
  const failed = await app.database.executeSql(
    `select id, name, completed_on, retry_count, output from ${SCHEMA}.job
      where state = 'failed'
     union all
     select id, name, completed_on, retry_count, output from ${SCHEMA}.archive
      where state = 'failed'
     order by completed_on desc limit 50`,
  );
  const counts = await app.database.executeSql(
    `select name, state, count(*)::int as n from ${SCHEMA}.job group by name, state
     union all
     select name, state, count(*)::int from ${SCHEMA}.archive group by name, state`,
  );
  // Every queue this instance defines, with nothing done yet as well.
  const queues = new Map<string, JobsReport['queues'][number]>(
    [...labels].map(([name, label]) => [
      name,
      { name, label, waiting: 0, running: 0, done: 0, failed: 0, scheduled: scheduled.has(name) },
    ]),
  );
  for (const row of counts.rows as { name: string; state: string; n: number }[]) {
    // pg-boss's own queues (names starting with __) are not the organiser's concern.
    if (row.name.startsWith('__')) continue;
    const q = queues.get(row.name) ?? {
      name: row.name,
      label: labels.get(row.name) ?? row.name,
      waiting: 0,
      running: 0,
      done: 0,
      failed: 0,
      scheduled: scheduled.has(row.name),
    };
    if (row.state === 'created' || row.state === 'retry') q.waiting += row.n;
    else if (row.state === 'active') q.running += row.n;
    else if (row.state === 'completed') q.done += row.n;
    else if (row.state === 'failed') q.failed += row.n;
    queues.set(row.name, q);
  }
  return {
    queues: [...queues.values()].sort((a, b) => a.name.localeCompare(b.name)),
    failures: (
      failed.rows as {
        id: string;
        name: string;
        completed_on: Date | string;
        retry_count: number;
        output: { message?: string } | null;
      }[]
    ).map((r) => ({
      id: r.id,
      queue: r.name,
      label: labels.get(r.name) ?? r.name,
      failedAt: new Date(r.completed_on).toISOString(),
      attempts: r.retry_count + 1,
      error: forOrganisers(r.output?.message),
    })),
  };
}

/**
 * The queues' figures (decision 039), read from the queue's table when Prometheus scrapes: the
 * same on every instance, since the queue is shared (a dashboard takes their max). Waiting
 * counts every job not yet started, retries waiting out their back-off too; the oldest waiting
 * is the job that has been due the longest, how long a family or an organiser has waited.
 */
export function registerQueueFigures(app: FastifyInstance, defined: () => string[]): void {
  type Depth = { name: string; waiting: number; running: number; failed: number; oldest: number };
  let reading: Promise<Depth[]> | undefined;
  // One query per scrape for the four figures, whichever asks first.
  const depths = () => {
    reading ??= app.database
      .executeSql(
        `select name,
                count(*) filter (where state in ('created', 'retry'))::int as waiting,
                count(*) filter (where state = 'active')::int as running,
                count(*) filter (where state = 'failed')::int as failed,
                coalesce(extract(epoch from now() - min(start_after)
                  filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8
                  as oldest
           from ${SCHEMA}.job where left(name, 2) <> '__' group by name`,
      )
      .then((r) => {
        const rows = r.rows as Depth[];
        // Every queue this instance defines, with nothing in it as well: a series that exists
        // at 0 draws a line and can carry an alert.
        const empty = defined().filter((name) => !rows.some((row) => row.name === name));
        return [
          ...rows,
          ...empty.map((name) => ({ name, waiting: 0, running: 0, failed: 0, oldest: 0 })),
        ];
      })
      .finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  const figure = (name: string, help: string, of: (d: Depth) => number) =>
    app.metrics.gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames: ['queue'],
      read: async () => (await depths()).map((d) => ({ labels: { queue: d.name }, value: of(d) })),
    });
  figure('jobs_waiting', 'Jobs not started yet, by queue (retries waiting too)', (d) => d.waiting);
  figure('jobs_running', 'Jobs running now on any instance, by queue', (d) => d.running);
  figure('jobs_failed', 'Jobs whose attempts are spent, kept 30 days, by queue', (d) => d.failed);
  figure(
    'jobs_oldest_waiting_seconds',
    'How long the job due the longest has waited for a worker, by queue',
    (d) => d.oldest,
  );
}
