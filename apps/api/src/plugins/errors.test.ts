import { SUPPORT_TEXT, VALIDATION_TEXT } from '@eisteddfod/shared';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_MESSAGES } from '../db/errors.ts';
import { storedFiles } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { wordsOf } from '../lib/messages.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerErrorHandling } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error mapping', () => {
  it('answers 400 when text that no schema checked carries NUL to the database', async () => {
    // A payment notification is kept as the raw form the provider posted, before its signature
    // is checked (only its size, rate and the presence of its id and signature are).
    for (const payload of [
      'm_payment_id=1&signature=x&note=\u0000',
      'm_payment_id=1&signature=\u0000',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: wordsOf(VALIDATION_TEXT.say('controlCharacters')),
        messageId: 'validation.controlCharacters',
      });
    }
  });
});

describe('a value the database cannot read (SQLSTATE 22P02)', () => {
  it('answers 400, not 500, for a malformed UUID that no schema checked', async () => {
    // A route typed by hand, as a protocol route is: nothing checks its id before the query.
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get<{ Params: { id: string } }>('/files/:id', async (req) => {
      const [row] = await t.database.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.id, req.params.id));
      return { found: Boolean(row) };
    });
    try {
      const res = await app.inject({ url: `/files/${'-'.repeat(36)}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: DB_MESSAGES.malformedValue,
      });
      const fine = await app.inject({ url: '/files/00000000-0000-4000-8000-000000000000' });
      expect(fine.json()).toEqual({ found: false });
    } finally {
      await app.close();
    }
  });
});

describe('a message from a catalogue (decision 057)', () => {
  it('takes only a catalogue’s own ids for one: a schema message such as "constructor" is words', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    app.post(
      '/named',
      { schema: { body: z.object({ name: z.string().min(2, 'constructor') }) } },
      () => ({}),
    );
    const res = await app.inject({ method: 'POST', url: '/named', payload: { name: 'x' } });
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: "Invalid body field 'name': constructor",
    });
    await app.close();
  });

  it('sends its words, its id and its values, so the web can say it in the reader’s language', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/said', async () => {
      throw new AppError(400, 'VALIDATION_ERROR', SUPPORT_TEXT.say('email'));
    });
    const res = await app.inject({ method: 'GET', url: '/said' });
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Please ensure you have entered a valid email address.',
      messageId: 'support.email',
    });
    await app.close();
  });

  it('turns a shared schema’s message id into its words, and sends the id beside them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support-tickets',
      payload: {
        name: '',
        email: 'thandi@example.org',
        subject: 'Certificate',
        message: 'Please correct the spelling on the certificate.',
      },
    });
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: "Invalid body field 'name': Please enter your name.",
      messageId: 'support.name',
    });
  });
});
