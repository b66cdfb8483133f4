import { TEXT_MESSAGES } from '@eisteddfod/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

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
        message: TEXT_MESSAGES.controlCharacters,
      });
    }
  });
});
