import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSmtpTransport } from '../../providers/mail/mail-transport.ts';
import { createWhatsAppCloudTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import { accountsClient } from '../accounts/accounts-test-client.ts';

/** A real SMTP peer on loopback that keeps what it receives. */
async function startSmtpPeer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A stand-in for the WhatsApp Cloud API that records each request. */
async function startWhatsAppPeer(status = 200) {
  const requests: { url: string; auth: string; body: Record<string, unknown> }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        auth: req.headers.authorization ?? '',
        body: JSON.parse(body),
      });
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end('{"messages":[{"id":"wamid.1"}]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
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

describe('failed deliveries', () => {
  it('are kept and retried, then given up after five attempts', async () => {
    const down = await startWhatsAppPeer(500);
    const app = await createTestApp({
      transports: {
        whatsapp: createWhatsAppCloudTransport({
          apiUrl: down.url,
          accessToken: 't',
          phoneNumberId: '1',
          templateName: 'x',
          language: 'en',
        }),
      },
    });
    try {
      const c = accountsClient(app.app, '203.0.113.22');
      const id = await c.register({ mobileNumber: '0841234567' });
      const { token } = (await c.silentLogin('0841234567', true)).json<{ token: string }>();
      expect((await c.requestPin(id, token, 'whatsapp')).statusCode).toBe(200);
      await app.app.outbox.settle();
      for (let i = 0; i < 6; i++) await app.app.outbox.deliverPending();
      const [row] = await app.app.outbox.findByRecipient('0841234567');
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
      expect(row?.lastError).toContain('500');
      expect(down.requests).toHaveLength(5);
    } finally {
      await app.close();
      await down.close();
    }
  });
});
