import { SUPPORT_TEXT } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema/index.ts';
import { wordsOf } from '../../lib/messages.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ticket = (over: Record<string, string> = {}) => ({
  name: 'Naledi Mokoena',
  email: 'naledi@example.org',
  mobileNumber: '',
  subject: 'Group entry question',
  message: 'Can a duo include a learner from another school?',
  website: '',
  ...over,
});

const send = (body: object, ip = '203.0.113.50') =>
  t.app.inject({ method: 'POST', url: '/api/support-tickets', payload: body, remoteAddress: ip });

describe('support tickets', () => {
  it('are stored, acknowledged to the sender and forwarded to the organisers', async () => {
    const res = await send(ticket());
    expect(res.statusCode).toBe(201);
    const { ticketNumber } = res.json<{ ticketNumber: string }>();
    expect(ticketNumber).toMatch(/^T-\d{6}$/);
    const [ack] = await t.app.outbox.findByRecipient('naledi@example.org');
    expect(ack?.subject).toContain(ticketNumber);
    const [forwarded] = await t.app.outbox.findByRecipient('organisers@eisteddfod.example');
    expect(forwarded?.body).toContain('Can a duo include');
  });

  it('say what is wrong with a field', async () => {
    const res = await send(ticket({ email: 'nope', message: 'short' }), '203.0.113.51');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(wordsOf(SUPPORT_TEXT.say('email')));
  });

  it('from a bot (the honeypot filled) are thanked and dropped', async () => {
    const before = (await t.database.db.select().from(supportTickets)).length;
    const res = await send(ticket({ website: 'http://spam.example' }), '203.0.113.52');
    expect(res.statusCode).toBe(201);
    expect((await t.database.db.select().from(supportTickets)).length).toBe(before);
  });

  it('are limited per client address', async () => {
    const codes = [];
    for (let i = 0; i < 7; i++)
      codes.push((await send(ticket({ email: `n${i}@example.org` }), '203.0.113.53')).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('are limited per IPv6 /64, which one connection can pick any address from', async () => {
    // Security review of issue 30: each address of the /64 had a limit of its own.
    const codes = [];
    for (let i = 1; i <= 7; i++) {
      const ip = `2001:db8:77:1::${i.toString(16)}`;
      codes.push((await send(ticket({ email: `v6.${i}@example.org` }), ip)).statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});
