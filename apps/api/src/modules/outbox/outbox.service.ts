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

export interface OutboxMessage {
  channel: 'email' | 'whatsapp';
  recipient: string;
  subject?: string;
  body: string;
  payload?: Record<string, unknown>;
}

/**
 * Every email and WhatsApp message is first written to the outbox table, in the request that
 * causes it, then delivered by the configured transport. Without one (a local run) it is kept
 * as 'held' and read at /dev/outbox. Delivery is a job (DELIVERY_JOB): a message that fails is
 * tried again with back-off, up to five attempts, then kept as 'failed'.
 */
export function createOutbox(db: Database, transports: OutboxTransports, jobs: Jobs) {
  const inFlight = new Set<Promise<unknown>>();

  async function send(row: repo.OutboxRow): Promise<void> {
    if (row.channel === 'email') {
      if (!transports.mail) throw new Error('No mail transport');
      await transports.mail.send({ to: row.recipient, subject: row.subject, text: row.body });
      return;
    }
    if (!transports.whatsapp) throw new Error('No WhatsApp transport');
    const code = (row.payload as { code?: string }).code;
    if (code) await transports.whatsapp.sendAuthenticationCode(row.recipient, code);
    else await transports.whatsapp.sendText(row.recipient, row.body);
  }

  function hasTransport(channel: 'email' | 'whatsapp'): boolean {
    return channel === 'email' ? Boolean(transports.mail) : Boolean(transports.whatsapp);
  }

  /** Delivers what waits; row locks keep two instances off one message. */
  async function deliverPending(limit = 20): Promise<number> {
    return (await repo.deliverWaiting(db, limit, send)).claimed;
  }

  /**
   * Messages whose delivery job was lost (the process died between the commit and the send):
   * never tried and written over a minute ago. Retries are the delivery job's, with back-off.
   */
  async function deliverLost(now: number): Promise<number> {
    return (await repo.deliverWaiting(db, 100, send, new Date(now - 60_000))).claimed;
  }

  /** The delivery job: throws when a message failed, so the queue tries again later. */
  async function deliverOrFail(): Promise<void> {
    for (;;) {
      const { claimed, failed } = await repo.deliverWaiting(db, 20, send);
      if (failed > 0) throw new Error(`${failed} message(s) could not be delivered`);
      if (claimed < 20) return;
    }
  }

  /** Queues a delivery job; call it once what wrote the messages has committed. */
  function deliverSoon(): void {
    const sent = jobs.send(DELIVERY_JOB, {});
    inFlight.add(sent);
    void sent.catch(() => {}).finally(() => inFlight.delete(sent));
  }

  const asRow = (message: OutboxMessage): repo.NewOutboxRow => ({
    ...message,
    status: hasTransport(message.channel) ? 'pending' : 'held',
  });

  async function enqueue(message: OutboxMessage): Promise<repo.OutboxRow> {
    const row = await repo.insertMessage(db, asRow(message));
    if (row.status === 'pending') deliverSoon();
    return row;
  }

  return {
    enqueueEmail: (to: string, subject: string, body: string) =>
      enqueue({ channel: 'email', recipient: to, subject, body }),
    enqueueWhatsAppCode: (toE164: string, code: string, body: string) =>
      enqueue({ channel: 'whatsapp', recipient: toE164, body, payload: { code } }),
    enqueueWhatsAppMessage: (toE164: string, body: string) =>
      enqueue({ channel: 'whatsapp', recipient: toE164, body }),
    /**
     * Writes messages inside the caller's transaction (a transactional outbox): they exist
     * exactly when the caller's change commits, so a crash cannot keep one without the other.
     * Call `deliverSoon` once the transaction has committed.
     */
    enqueueWithin: async (tx: Database, messages: OutboxMessage[]): Promise<void> => {
      for (const message of messages) await repo.insertMessage(tx, asRow(message));
    },
    deliverSoon,
    deliverPending,
    deliverOrFail,
    deliverLost,
    /** Waits until the deliveries asked for so far have been tried (tests). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inFlight]);
      await jobs.settled(DELIVERY_JOB);
    },
    findByRecipient: (to: string) => repo.findByRecipient(db, to),
    findRecent: () => repo.findRecent(db),
  };
}
