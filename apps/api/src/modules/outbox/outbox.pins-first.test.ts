import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { text } from '../accounts/text.ts';
import { CERTIFICATES_JOB } from '../results-day/certificates.service.ts';

/**
 * Results night (issue 31): thousands of results emails and certificate jobs are queued at
 * once, and a family asking for a pin then must get it within seconds, not after them (a pin
 * waited 22 s). Behaviour, not timing: the pin goes out before all but the batches already
 * being sent, while the certificate jobs still wait.
 */
const RESULTS = 2_000;
const CERTIFICATES = 3_000;

let t: TestApp;
const delivered: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    // A 'web' instance: it delivers messages (families wait on them) and leaves certificates
    // to the instances that work background jobs, so here they only wait.
    env: { INSTANCE_ROLE: 'web' },
    transports: {
      mail: {
        // A mail server's round trip: 2,000 emails take some seconds at two batches at a time.
        send: async (message) => {
          await new Promise((r) => setTimeout(r, 40));
          delivered.push(message.subject);
        },
        close: () => {},
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const until = async (check: () => boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('a pin on results night', () => {
  it('is sent before the results emails queued ahead of it, while the certificate jobs wait', async () => {
    await t.app.jobs.sendMany(
      CERTIFICATES_JOB,
      Array.from({ length: CERTIFICATES }, (_, i) => ({ orderItemId: 1_000_000 + i })),
    );
    const messages = Array.from({ length: RESULTS }, (_, i) => ({
      channel: 'email' as const,
      recipient: `family${i}@example.org`,
      subject: 'Your results are out',
      body: 'Results',
    }));
    await t.app.outbox.enqueueWithin(t.app.db, messages);
    t.app.outbox.deliverSoon(messages.length);
    // The mailing is under way when the family asks.
    await until(() => delivered.length > 0);
    const pinSubject = text('loginPinSubject');
    await t.app.outbox.enqueuePinEmail(
      'parent@example.org',
      pinSubject,
      'Your login code is 123456',
    );
    const askedAt = delivered.length;
    await until(() => delivered.includes(pinSubject));
    const resultsBeforePin = delivered.indexOf(pinSubject) - askedAt;
    // At most the batches already claimed when the pin was asked for (two workers, ten each)
    // and the pin's own batch: not the 2,000 ahead of it.
    expect(resultsBeforePin).toBeLessThan(40);
    const certificates = (await t.app.jobs.report()).queues.find(
      (q) => q.name === CERTIFICATES_JOB,
    );
    expect(certificates).toMatchObject({ waiting: CERTIFICATES, running: 0, done: 0 });
  });
});
