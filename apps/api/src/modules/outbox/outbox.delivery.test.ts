import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSmtpTransport } from '../../providers/mail/mail-transport.ts';
import { createWhatsAppCloudTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';
import * as repo from './outbox.repository.ts';
import { createOutbox, RETENTION_JOB, type OutboxTransports } from './outbox.service.ts';

/** A real SMTP peer on loopback that keeps what it receives and counts its connections. */
async function startSmtpPeer() {
  const received: { to: string[]; raw: string }[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    connections: () => connections,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A stand-in for the WhatsApp Cloud API that records each request and how many it held at once. */
async function startWhatsAppPeer(status = 200, delayMs = 0) {
  const requests: { url: string; auth: string; body: Record<string, unknown> }[] = [];
  const held = { now: 0, most: 0 };
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: JSON.parse(body),
      });
      held.now += 1;
      held.most = Math.max(held.most, held.now);
      setTimeout(() => {
        held.now -= 1;
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end('{"messages":[{"id":"wamid.1"}]}');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    mostAtOnce: () => held.most,
    url: `http://127.0.0.1:${port}/v21.0`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsAppPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  whatsapp = await startWhatsAppPeer();
  t = await createTestApp({
    transports: {
      mail: createSmtpTransport(smtp.url, 'Online Eisteddfod <no-reply@example.org>'),
      whatsapp: createWhatsAppCloudTransport({
        apiUrl: whatsapp.url,
        accessToken: 'test-token',
        phoneNumberId: '1234567890',
        templateName: 'eisteddfod_otp',
        language: 'en',
      }),
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await whatsapp.close();
});

async function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('delivery through real peers', () => {
  it('sends the email pin over SMTP and marks the message sent', async () => {
    const c = accountsClient(t.app, '203.0.113.20');
    const id = await c.register({ email: 'smtp.parent@example.org' });
    const { token } = (await c.silentLogin('smtp.parent@example.org')).json<{ token: string }>();
    expect((await c.requestPin(id, token)).statusCode).toBe(200);
    const mail = await waitFor(() =>
      smtp.received.find((m) => m.to.includes('smtp.parent@example.org')),
    );
    expect(mail.raw).toContain('Subject: Your Online Eisteddfod login code');
    const pin = /one-time pin is (\d{6})/.exec(mail.raw)?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    await t.app.outbox.settle();
    const [row] = await t.app.outbox.findByRecipient('smtp.parent@example.org');
    expect(row?.status).toBe('sent');
    expect((await c.verifyPin(id, pin!)).json()).toBe(true);
  });

  it('sends the WhatsApp pin as an authentication template with a copy-code button', async () => {
    const c = accountsClient(t.app, '203.0.113.21');
    const id = await c.register({ mobileNumber: '0831234567' });
    const { token } = (await c.silentLogin('0831234567', true)).json<{ token: string }>();
    expect((await c.requestPin(id, token, 'whatsapp')).statusCode).toBe(200);
    const request = await waitFor(() => whatsapp.requests[0]);
    expect(request.url).toBe('/v21.0/1234567890/messages');
    expect(request.auth).toBe('Bearer test-token');
    expect(request.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '27831234567',
      type: 'template',
      template: { name: 'eisteddfod_otp', language: { code: 'en' } },
    });
    const template = request.body.template as {
      components: { type: string; parameters: { text: string }[] }[];
    };
    const code = template.components[0]?.parameters[0]?.text ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(template.components[1]).toMatchObject({ type: 'button', sub_type: 'url' });
    expect((await c.verifyPin(id, code)).json()).toBe(true);
  });
});

/** A WhatsApp transport to `peer`. */
const whatsAppTo = (peer: { url: string }) =>
  createWhatsAppCloudTransport({
    apiUrl: peer.url,
    accessToken: 't',
    phoneNumberId: '1',
    templateName: 'x',
    language: 'en',
  });

/**
 * An outbox on a database of its own with no job queue behind it: the test alone delivers, so
 * no sweep on a minute's tick can take a message between its steps.
 */
async function bareOutbox(transports: OutboxTransports, sendTimeoutMs?: number) {
  const database = await openDatabase({});
  await migrateDatabase(database);
  const noQueue = {
    send: async () => {},
    sendMany: async () => {},
    settled: async () => {},
  } as unknown as Jobs;
  const outbox = createOutbox(database.db, transports, noQueue, { sendTimeoutMs });
  const message = (to: string) =>
    repo.insertMessage(database.db, {
      channel: 'whatsapp',
      recipient: to,
      body: 'Results are out',
      status: 'pending',
    });
  const read = async (id: number) => {
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    return row!;
  };
  /** Seconds from now until the message may next be tried. */
  const waitSeconds = async (id: number) => {
    const { claimedUntil } = await read(id);
    return claimedUntil ? Math.round((claimedUntil.getTime() - Date.now()) / 1000) : null;
  };
  /** As if its back-off were over. */
  const due = (id: number) =>
    database.db.execute(sql`
      update outbox_messages set claimed_until = now() - interval '1 second' where id = ${id}`);
  return { database, outbox, message, read, waitSeconds, due };
}

describe('failed deliveries', () => {
  it('wait out a doubling back-off between attempts, then are failed after the fifth', async () => {
    const down = await startWhatsAppPeer(500);
    const b = await bareOutbox({ whatsapp: whatsAppTo(down) });
    try {
      const { id } = await b.message('+27841234567');
      const waits: (number | null)[] = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect(await b.outbox.deliverPending()).toBe(1);
        // Not tried again while it waits, by a job or by the sweep.
        expect(await b.outbox.deliverPending()).toBe(0);
        expect(await b.outbox.deliverLost()).toBe(0);
        waits.push(await b.waitSeconds(id));
        await b.due(id);
      }
      expect(waits).toEqual([30, 60, 120, 240, null]);
      expect(await b.read(id)).toMatchObject({ status: 'failed', attempts: 5 });
      expect((await b.read(id)).lastError).toContain('500');
      expect(await b.outbox.deliverLost()).toBe(0);
      expect(down.requests).toHaveLength(5);
    } finally {
      await b.database.close();
      await down.close();
    }
  });

  it('do not spend their attempts at once while the transport is down', async () => {
    const down = await startWhatsAppPeer(500);
    const app = await createTestApp({ transports: { whatsapp: whatsAppTo(down) } });
    try {
      // More than a delivery job's batch, each message with a job of its own.
      const numbers = Array.from({ length: 12 }, (_, i) => `+2782111${String(i).padStart(4, '0')}`);
      for (const to of numbers) await app.app.outbox.enqueueWhatsAppMessage(to, 'Results');
      await app.app.outbox.settle();
      for (const to of numbers) {
        const [row] = await app.app.outbox.findByRecipient(to);
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      }
      expect(down.requests).toHaveLength(12);
    } finally {
      await app.close();
      await down.close();
    }
  });

  it('are failed by the sweep when the last attempt never finished (its sender died)', async () => {
    const peer = await startWhatsAppPeer();
    const b = await bareOutbox({ whatsapp: whatsAppTo(peer) });
    try {
      const { id } = await b.message('+27841230000');
      await b.database.db.execute(sql`update outbox_messages set attempts = 5 where id = ${id}`);
      await b.due(id);
      expect(await b.outbox.deliverLost()).toBe(1);
      expect(await b.read(id)).toMatchObject({
        status: 'failed',
        attempts: 5,
        lastError: 'The last attempt did not finish',
      });
      expect(peer.requests).toHaveLength(0);
    } finally {
      await b.database.close();
      await peer.close();
    }
  });

  it('fail a send that outlasts its time limit, inside the claim on the message', async () => {
    const b = await bareOutbox(
      {
        whatsapp: {
          sendText: () => new Promise(() => {}),
          sendAuthenticationCode: async () => {},
          sendTemplate: async () => {},
        },
      },
      100,
    );
    try {
      const { id } = await b.message('+27841239999');
      expect(await b.outbox.deliverPending()).toBe(1);
      expect(await b.read(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'No answer within 0.1 s',
      });
      expect(await b.waitSeconds(id)).toBe(30);
    } finally {
      await b.database.close();
    }
  });
});

describe('delivery at volume', () => {
  it('sends a batch of emails over a few kept-open SMTP connections', async () => {
    const before = smtp.connections();
    const recipients = Array.from({ length: 12 }, (_, i) => `pooled.${i}@example.org`);
    await Promise.all(recipients.map((to) => t.app.outbox.enqueueEmail(to, 'Pooled', 'Hello')));
    await t.app.outbox.settle();
    for (const to of recipients) {
      const [row] = await t.app.outbox.findByRecipient(to);
      expect(row?.status).toBe('sent');
    }
    // One connection per message before the pool (12); the pool keeps at most five open.
    expect(smtp.connections() - before).toBeLessThanOrEqual(5);
  });

  it('sends the waiting messages at once rather than one after another', async () => {
    const slow = await startWhatsAppPeer(200, 400);
    const app = await createTestApp({ transports: { whatsapp: whatsAppTo(slow) } });
    try {
      for (let i = 0; i < 8; i++)
        await app.app.outbox.enqueueWhatsAppMessage(`+2782000000${i}`, 'Results are out');
      await app.app.outbox.settle();
      expect(slow.requests).toHaveLength(8);
      // One after another, the peer would never hold two.
      expect(slow.mostAtOnce()).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
      await slow.close();
    }
  });
});

describe('claims on a message', () => {
  it('keep other deliveries off it while it is sent, and run out when its sender died', async () => {
    const b = await bareOutbox({
      mail: createSmtpTransport(smtp.url, 'Online Eisteddfod <a@example.org>'),
    });
    try {
      // Written, but its delivery job never ran (as if the process died before sending it).
      const { id } = await repo.insertMessage(b.database.db, {
        channel: 'email',
        recipient: 'claimed@example.org',
        subject: 'Claimed',
        body: 'Hello',
        status: 'pending',
      });
      const set = (claim: string) =>
        b.database.db.execute(sql`
          update outbox_messages set attempts = 1, claimed_until = ${sql.raw(claim)}
           where id = ${id}`);
      await set(`now() + interval '1 minute'`);
      expect(await b.outbox.deliverPending()).toBe(0);
      expect(await b.outbox.deliverLost()).toBe(0);
      // The claim ran out: its sender died mid-send, and the sweep tries it again.
      await set(`now() - interval '1 second'`);
      expect(await b.outbox.deliverLost()).toBe(1);
      expect(await b.read(id)).toMatchObject({ status: 'sent', attempts: 2, claimedUntil: null });
      expect(smtp.received.filter((m) => m.to.includes('claimed@example.org'))).toHaveLength(1);
    } finally {
      await b.database.close();
    }
  });

  it('is the latest attempt: a sender that outlived its claim leaves the message to the next', async () => {
    const b = await bareOutbox({});
    try {
      const { id } = await b.message('+27841238888');
      const [first] = await repo.claimWaiting(b.database.db, 1);
      // Its lease ran out and another delivery claimed the message.
      await b.database.db.execute(
        sql`update outbox_messages set attempts = attempts + 1 where id = ${id}`,
      );
      await repo.markNotSent(b.database.db, first!, new Error('late'));
      await repo.markSent(b.database.db, first!);
      expect(await b.read(id)).toMatchObject({ status: 'pending', attempts: 2, lastError: null });
    } finally {
      await b.database.close();
    }
  });
});

describe('pins and message texts are not kept (decision 031)', () => {
  it('a delivered pin is blanked in the stored message, by email and by WhatsApp', async () => {
    const c = accountsClient(t.app, '203.0.113.31');
    const id = await c.register({ email: 'blank.pin@example.org' });
    const { token } = (await c.silentLogin('blank.pin@example.org')).json<{ token: string }>();
    expect((await c.requestPin(id, token)).statusCode).toBe(200);
    const mail = await waitFor(() =>
      smtp.received.find((m) => m.to.includes('blank.pin@example.org')),
    );
    const pin = /one-time pin is (\d{6})/.exec(mail.raw)?.[1];
    expect(pin).toMatch(/^\d{6}$/);
    await t.app.outbox.settle();
    const [row] = await t.app.outbox.findByRecipient('blank.pin@example.org');
    expect(row).toMatchObject({ status: 'sent', holdsPin: true });
    expect(row!.body).not.toContain(pin);
    expect(row!.body).toContain(`one-time pin is ${repo.BLANKED_PIN}`);
    expect(row!.bodyClearedAt).toBeInstanceOf(Date);

    const w = accountsClient(t.app, '203.0.113.32');
    const wid = await w.register({ mobileNumber: '0825550101' });
    const wt = (await w.silentLogin('0825550101', true)).json<{ token: string }>().token;
    expect((await w.requestPin(wid, wt, 'whatsapp')).statusCode).toBe(200);
    const request = await waitFor(() =>
      whatsapp.requests.find((r) => JSON.stringify(r.body).includes('27825550101')),
    );
    const code = /"text":"(\d{6})"/.exec(JSON.stringify(request.body))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await t.app.outbox.settle();
    const [sent] = await t.app.outbox.findByRecipient('+27825550101');
    expect(sent).toMatchObject({ status: 'sent', payload: {} });
    expect(JSON.stringify(sent)).not.toContain(code);
  });

  it('the retention job blanks expired pins and clears old texts, keeping who, when and what', async () => {
    const b = await bareOutbox({});
    try {
      const db = b.database.db;
      const [heldPin, freshPin, oldSent, recentSent, waiting] = await Promise.all(
        [
          { body: 'Your one-time pin is 123456.', holdsPin: true, status: 'held' },
          { body: 'Your one-time pin is 654321.', holdsPin: true, status: 'held' },
          { body: 'Dear Thandi, entries for Sipho are confirmed', status: 'sent' },
          { body: 'Dear Thandi, entries for Lwazi are confirmed', status: 'sent' },
          { body: 'Dear Thandi, still waiting', status: 'pending' },
        ].map((m) =>
          repo.insertMessage(db, {
            channel: 'email',
            recipient: 'keep.me@example.org',
            subject: 'Subject kept',
            ...m,
          }),
        ),
      );
      const ago = (id: number, interval: string) =>
        db.execute(sql`update outbox_messages set created_at = now() - ${interval}::interval,
          sent_at = case when status = 'sent' then now() - ${interval}::interval end
          where id = ${id}`);
      await ago(heldPin!.id, '2 hours');
      await ago(oldSent!.id, '91 days');
      await ago(recentSent!.id, '89 days');
      await ago(waiting!.id, '200 days');
      expect(await b.outbox.clearExpiredBodies()).toEqual({ pins: 1, bodies: 1 });
      expect(await b.read(heldPin!.id)).toMatchObject({
        body: `Your one-time pin is ${repo.BLANKED_PIN}.`,
        status: 'held',
      });
      // A pin can still be read in its first hour on a local run (the dev outbox; e2e journeys).
      expect((await b.read(freshPin!.id)).body).toContain('654321');
      expect(await b.read(oldSent!.id)).toMatchObject({
        body: '',
        payload: {},
        subject: 'Subject kept',
        recipient: 'keep.me@example.org',
        status: 'sent',
      });
      expect((await b.read(recentSent!.id)).body).toContain('Lwazi');
      expect((await b.read(waiting!.id)).body).toContain('still waiting');
      // A second run finds nothing more.
      expect(await b.outbox.clearExpiredBodies()).toEqual({ pins: 0, bodies: 0 });
    } finally {
      await b.database.close();
    }
  });

  it('runs as a sweep on the job queue', async () => {
    const row = await repo.insertMessage(t.database.db, {
      channel: 'email',
      recipient: 'swept@example.org',
      subject: 'Old news',
      body: 'Dear Thandi, old news about Sipho',
      status: 'sent',
    });
    await t.database.db.execute(sql`update outbox_messages
      set sent_at = now() - interval '100 days' where id = ${row.id}`);
    await t.app.jobs.send(RETENTION_JOB, {});
    await t.app.jobs.settled(RETENTION_JOB);
    const [swept] = await t.app.outbox.findByRecipient('swept@example.org');
    expect(swept).toMatchObject({ body: '', subject: 'Old news', status: 'sent' });
  });
});
