import { DEFAULT_LOCALE, type Locale } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { MailTransport } from '../../providers/mail/mail-transport.ts';
import type { WhatsAppTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import * as repo from './outbox.repository.ts';

export interface OutboxTransports {
  mail?: MailTransport | undefined;
  whatsapp?: WhatsAppTransport | undefined;
}

export type Outbox = ReturnType<typeof createOutbox>;

export const DELIVERY_JOB = 'outbox.deliver';
export const RETENTION_JOB = 'outbox.retention';
/**
 * How long a delivered or failed message keeps its text (decision 031): a family's questions
 * about a confirmation come within weeks; the metadata (to, subject, status, dates) stays for
 * the family desk and the campaigns' figures.
 */
const BODY_RETENTION_DAYS = 90;
/** A pin never sent is blanked once it could no longer be used (valid 10 minutes; decision 004). */
const PIN_READABLE_FOR_MINUTES = 60;
/** Messages one delivery job claims and sends at once. */
const BATCH = 10;
/** A send that takes longer fails, well inside the five-minute claim on its message. */
const SEND_TIMEOUT_MS = 2 * 60_000;

/** What the outbox's operations share, built once by createOutbox. */
interface OutboxDeps {
  db: Database;
  transports: OutboxTransports;
  jobs: Jobs;
  sendTimeoutMs: number;
  /** Delivery jobs asked for and not yet queued (settle waits for them). */
  inFlight: Set<Promise<unknown>>;
}

export interface OutboxMessage {
  channel: 'email' | 'whatsapp';
  recipient: string;
  subject?: string;
  body: string;
  payload?: Record<string, unknown>;
  /** The body carries a one-time pin: blanked once delivered (decision 031). */
  holdsPin?: boolean;
}

async function send(deps: OutboxDeps, row: repo.OutboxRow): Promise<void> {
  const { transports } = deps;
  if (row.channel === 'email') {
    if (!transports.mail) throw new Error('No mail transport');
    await transports.mail.send({ to: row.recipient, subject: row.subject, text: row.body });
    return;
  }
  if (!transports.whatsapp) throw new Error('No WhatsApp transport');
  const { code, template, parameters, language } = row.payload as {
    code?: string;
    template?: string;
    parameters?: string[];
    /** The template's language (decision 069); none in a message of the release before. */
    language?: Locale;
  };
  if (code) await transports.whatsapp.sendAuthenticationCode(row.recipient, code, language);
  else if (template)
    await transports.whatsapp.sendTemplate(row.recipient, template, parameters ?? [], language);
  else await transports.whatsapp.sendText(row.recipient, row.body);
}

function hasTransport(deps: OutboxDeps, channel: 'email' | 'whatsapp'): boolean {
  const { transports } = deps;
  return channel === 'email' ? Boolean(transports.mail) : Boolean(transports.whatsapp);
}

/** Sends one message, failing it if the transport takes longer than its time limit. */
async function sendWithin(deps: OutboxDeps, row: repo.OutboxRow): Promise<void> {
  const { sendTimeoutMs } = deps;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${sendTimeoutMs / 1000} s`)),
      sendTimeoutMs,
    );
  });
  try {
    await Promise.race([send(deps, row), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Claims up to `limit` waiting messages and sends them at once (the SMTP transport pools its
 * connections); a lease, not a row lock, keeps other deliveries off them meanwhile.
 */
async function deliverBatch(
  deps: OutboxDeps,
  limit: number,
  lost?: { untriedForSeconds: number },
): Promise<{ claimed: number; failed: number }> {
  const { db } = deps;
  const rows = await repo.claimWaiting(db, limit, lost);
  const outcomes = await Promise.allSettled(
    rows.map(async (row) => {
      if (repo.isPastLastAttempt(row)) {
        await repo.markNotSent(db, row, 'The last attempt did not finish');
        return;
      }
      try {
        await sendWithin(deps, row);
      } catch (err) {
        await repo.markNotSent(db, row, err);
        throw err;
      }
      await repo.markSent(db, row);
    }),
  );
  return { claimed: rows.length, failed: outcomes.filter((o) => o.status === 'rejected').length };
}

/** Delivers what waits (tests, and anything that must not wait for the job). */
async function deliverPending(deps: OutboxDeps, limit = 20): Promise<number> {
  return (await deliverBatch(deps, limit)).claimed;
}

/**
 * What no delivery job will take: messages whose job was lost (the process died between the
 * commit and the send: never tried and written over a minute ago), whose sender died mid-send
 * (its lease ran out), or whose back-off after a failed attempt is over.
 */
async function deliverLost(deps: OutboxDeps): Promise<number> {
  let claimed = 0;
  for (;;) {
    const batch = await deliverBatch(deps, BATCH, { untriedForSeconds: 60 });
    claimed += batch.claimed;
    if (batch.claimed < BATCH) return claimed;
  }
}

/**
 * The delivery job: sends batches while they come full. It stops at a batch with a failure
 * (the transport is likely down: the failed messages wait out their back-off, and the sweep
 * or the next job takes the rest) and throws, so the organiser sees the failure.
 */
async function deliverOrFail(deps: OutboxDeps): Promise<void> {
  for (;;) {
    const batch = await deliverBatch(deps, BATCH);
    if (batch.failed > 0)
      throw new Error(`${batch.failed} message(s) could not be delivered; tried again later`);
    if (batch.claimed < BATCH) return;
  }
}

/**
 * Queues delivery for `count` new messages, a job for each batch of them, so that a large
 * mailing (results day) is shared among every instance's workers; call it once what wrote
 * the messages has committed.
 */
function deliverSoon(deps: OutboxDeps, count = 1): void {
  const { jobs, inFlight } = deps;
  const jobCount = Math.max(1, Math.ceil(count / BATCH));
  const sent =
    jobCount === 1
      ? jobs.send(DELIVERY_JOB, {})
      : jobs.sendMany(
          DELIVERY_JOB,
          Array.from({ length: jobCount }, () => ({})),
        );
  inFlight.add(sent);
  void sent.catch(() => {}).finally(() => inFlight.delete(sent));
}

function asRow(deps: OutboxDeps, message: OutboxMessage): repo.NewOutboxRow {
  return { ...message, status: hasTransport(deps, message.channel) ? 'pending' : 'held' };
}

async function enqueue(deps: OutboxDeps, message: OutboxMessage): Promise<repo.OutboxRow> {
  const { db } = deps;
  const row = await repo.insertMessage(db, asRow(deps, message));
  if (row.status === 'pending') deliverSoon(deps);
  return row;
}

/** Waits until the deliveries asked for so far have been tried (tests). */
async function settle(deps: OutboxDeps): Promise<void> {
  const { jobs, inFlight } = deps;
  await Promise.allSettled([...inFlight]);
  await jobs.settled(DELIVERY_JOB);
}

/**
 * The retention sweep (decision 031): pins blanked once expired, whatever became of them,
 * and every other body cleared `BODY_RETENTION_DAYS` after it was sent or failed.
 */
async function clearExpiredBodies(deps: OutboxDeps): Promise<{ pins: number; bodies: number }> {
  const { db } = deps;
  return {
    pins: await repo.blankExpiredPins(db, PIN_READABLE_FOR_MINUTES),
    bodies: await repo.clearOldBodies(db, BODY_RETENTION_DAYS),
  };
}

/**
 * Every email and WhatsApp message is first written to the outbox table, in the request that
 * causes it, then delivered by the configured transport. Without one (a local run) it is kept
 * as 'held' and read at /dev/outbox. Delivery is a job (DELIVERY_JOB), several at once on every
 * instance: a message that fails waits out its own back-off (30 s, doubled each time) before the
 * sweep or a later job tries it again, up to five attempts, then it is kept as 'failed'.
 */
export function createOutbox(
  db: Database,
  transports: OutboxTransports,
  jobs: Jobs,
  { sendTimeoutMs = SEND_TIMEOUT_MS }: { sendTimeoutMs?: number } = {},
) {
  const deps: OutboxDeps = { db, transports, jobs, sendTimeoutMs, inFlight: new Set() };

  return {
    enqueueEmail: (to: string, subject: string, body: string) =>
      enqueue(deps, { channel: 'email', recipient: to, subject, body }),
    /** An email carrying a one-time pin, blanked once delivered (decision 031). */
    enqueuePinEmail: (to: string, subject: string, body: string) =>
      enqueue(deps, { channel: 'email', recipient: to, subject, body, holdsPin: true }),
    /** A pin by the authentication template, in `language` (one it is approved in). */
    enqueueWhatsAppCode: (toE164: string, code: string, body: string, language: Locale) =>
      enqueue(deps, {
        channel: 'whatsapp',
        recipient: toE164,
        body,
        payload: { code, language },
        holdsPin: true,
      }),
    enqueueWhatsAppMessage: (toE164: string, body: string) =>
      enqueue(deps, { channel: 'whatsapp', recipient: toE164, body }),
    /**
     * A message the portal starts (not an answer within 24 hours): WhatsApp takes it only as an
     * approved template with its values; `body` is the template's text filled in, kept to show.
     */
    enqueueWhatsAppTemplate: (
      toE164: string,
      template: string,
      parameters: string[],
      body: string,
      language: Locale = DEFAULT_LOCALE,
    ) =>
      enqueue(deps, {
        channel: 'whatsapp',
        recipient: toE164,
        body,
        payload: { template, parameters, language },
      }),
    /**
     * Writes messages inside the caller's transaction (a transactional outbox): they exist
     * exactly when the caller's change commits, so a crash cannot keep one without the other.
     * Call `deliverSoon` once the transaction has committed. Answers each message's id and
     * whether it waits for a transport ('pending') or is kept ('held'), in the order given.
     */
    enqueueWithin: (tx: Database, messages: OutboxMessage[]) =>
      repo.insertMessages(
        tx,
        messages.map((message) => asRow(deps, message)),
      ),
    deliverSoon: (count = 1) => deliverSoon(deps, count),
    deliverPending: (limit = 20) => deliverPending(deps, limit),
    deliverOrFail: () => deliverOrFail(deps),
    deliverLost: () => deliverLost(deps),
    settle: () => settle(deps),
    clearExpiredBodies: () => clearExpiredBodies(deps),
    findByRecipient: (to: string) => repo.findByRecipient(db, to),
    findRecent: () => repo.findRecent(db),
  };
}
