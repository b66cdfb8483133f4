import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { SECURITY_EVENTS } from '../../lib/security-events.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { parseNotification, type VerifiedPayment } from '../../providers/payment/provider.ts';
import type { PaymentProviders } from '../../providers/payment/providers.ts';
import { redactNotificationIfErased } from '../data-rights/index.ts';
import * as repo from './payments.repository.ts';

/** A notification that fails this often (e.g. PayFast unreachable) waits for a person. */
export const MAX_NOTIFICATION_ATTEMPTS = 10;

/** The job that processes one stored notification: `{ notificationId }`. */
export const NOTIFICATION_JOB = 'payments.notification';

/** Outcomes of a notification that failed its checks (forged, misdirected, unconfirmed). */
const UNTRUSTED: ReadonlySet<string> = new Set([
  'bad_signature',
  'wrong_merchant',
  'not_confirmed',
]);

interface NotificationsDependencies {
  db: Database;
  providers: PaymentProviders;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: () => number;
  /** Records a verified payment and credits its order when everything agrees. */
  credit: (payment: VerifiedPayment) => Promise<string>;
}

/** The jobs being queued, not yet handed to the queue (shutdown waits for them). */
type InFlight = Set<Promise<unknown>>;

/**
 * Checks one stored notification with its provider's rules and credits the order. A signed
 * notification whose order id or amount cannot be read is refused once ('malformed'): retrying
 * it would fail the same way for ever.
 */
async function processNotification(
  deps: NotificationsDependencies,
  row: repo.NotificationRow,
): Promise<string> {
  const { db } = deps;
  await repo.countAttempt(db, row.id, row.attempts + 1);
  const provider = deps.providers.get(row.provider);
  // Kept by a provider this release does not know: retried, then shown to the organiser.
  if (!provider) throw new Error(`No payment provider ${row.provider}`);
  const pairs = parseNotification(row.body);
  const check = await provider.verifyNotification(pairs);
  let outcome: string = check;
  if (check === 'verified') {
    const payment = provider.readPayment(pairs);
    outcome = payment ? await deps.credit(payment) : 'malformed';
  }
  if (outcome !== 'credited')
    deps.log.warn(
      {
        // A notification we could not trust is a security event; a late or repeated one is not.
        ...(UNTRUSTED.has(outcome) ? { event: SECURITY_EVENTS.paymentNotificationRefused } : {}),
        notification: row.id,
        outcome,
      },
      'payment notification not credited',
    );
  const orderId = pairs.find(([k]) => k === provider.notificationFields.orderId)?.[1];
  await redactNotificationIfErased(db, row.id, orderId, row.body); // decision 024
  await repo.finishNotification(db, row.id, outcome, new Date(deps.now()));
  return outcome;
}

/** Queues a stored notification's job after the provider has had its 200. */
function queue(deps: NotificationsDependencies, inFlight: InFlight, notificationId: number) {
  const sent = deps.jobs
    .send(NOTIFICATION_JOB, { notificationId })
    .catch((err: unknown) =>
      deps.log.error({ err, notificationId }, 'payment notification not queued'),
    );
  inFlight.add(sent);
  void sent.finally(() => inFlight.delete(sent));
}

/**
 * Keeps a provider's notification, then checks and credits it after the provider has its
 * answer. Rejects only when the notification could not be kept (the provider retries).
 */
async function accept(
  deps: NotificationsDependencies,
  inFlight: InFlight,
  provider: string,
  body: string,
): Promise<number> {
  const { db } = deps;
  const row = await repo.storeNotification(db, provider, body, new Date(deps.now()));
  queue(deps, inFlight, row.id);
  return row.id;
}

/**
 * Waits, up to `ms`, until a notification has been processed by its job, on whichever
 * instance: the sandbox pay page shows the paid order, as PayFast's return page would once
 * the bank had answered.
 */
async function waitUntilProcessed(
  deps: NotificationsDependencies,
  notificationId: number,
  ms: number,
): Promise<void> {
  const { db } = deps;
  const until = Date.now() + ms;
  // Soon at first (a job usually takes a few ms), then less often: every waiting page
  // asked every 25 ms, a query storm when many families pay at once (bench/deadline-night).
  for (let pause = 25; Date.now() < until; pause = Math.min(pause * 2, 200)) {
    if ((await repo.findNotification(db, notificationId))?.processedAt) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * The notification job: processes a stored notification unless that was done. It throws
 * when the work failed (a database error, a crash of the credit), so the queue retries it
 * with back-off, MAX_NOTIFICATION_ATTEMPTS times in all.
 */
async function processStored(
  deps: NotificationsDependencies,
  notificationId: number,
): Promise<void> {
  const { db } = deps;
  const row = await repo.findNotification(db, notificationId);
  if (!row || row.processedAt || row.attempts >= MAX_NOTIFICATION_ATTEMPTS) return;
  await processNotification(deps, row);
}

/**
 * The sweep (each minute): a notification kept but never tried a minute after it came, as
 * when the process died between storing it and queueing its job. Retries are the job's.
 */
async function retryUnprocessed(deps: NotificationsDependencies): Promise<void> {
  const { db } = deps;
  const lost = await repo.findUnprocessed(db, new Date(deps.now() - 60_000), 1);
  for (const row of lost) await processNotification(deps, row).catch(() => undefined);
}

/** Waits until the jobs of the notifications received so far are queued (shutdown). */
async function queued(inFlight: InFlight): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Waits until the notifications received so far have been tried (tests). */
async function settle(deps: NotificationsDependencies, inFlight: InFlight): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  await deps.jobs.settled(NOTIFICATION_JOB);
}

/**
 * Providers' notifications (decision 006): each is kept before the provider has its answer, then
 * checked by its provider and credited by a job, retried until it could be checked.
 */
export function createNotifications(deps: NotificationsDependencies) {
  const inFlight: InFlight = new Set();
  return {
    accept: (provider: string, body: string) => accept(deps, inFlight, provider, body),
    waitUntilProcessed: (notificationId: number, ms: number) =>
      waitUntilProcessed(deps, notificationId, ms),
    processStored: (notificationId: number) => processStored(deps, notificationId),
    retryUnprocessed: () => retryUnprocessed(deps),
    queued: () => queued(inFlight),
    settle: () => settle(deps, inFlight),
  };
}
