import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../config/env.ts';
import { sandbox } from './sandbox.provider.ts';

const SECRET = 'test-secret-of-at-least-thirty-two-characters';
const payment: [string, string][] = [
  ['m_payment_id', '42'],
  ['pf_payment_id', 'SBX-1'],
  ['payment_status', 'COMPLETE'],
  ['amount_gross', '160.00'],
];

describe('the sandbox provider', () => {
  it('trusts a notification signed with the server secret while it takes payments', async () => {
    const provider = sandbox.create({ config: parseConfig({ NODE_ENV: 'test' }), secret: SECRET });
    expect(await provider.verifyNotification(provider.signNotification!(payment))).toBe('verified');
    expect(await provider.verifyNotification([...payment, ['signature', 'forged']])).toBe(
      'bad_signature',
    );
  });

  it('credits nothing on a server that does not take sandbox payments, however it is signed', async () => {
    // A notification kept while the sandbox was on (a test season on the same database, say)
    // and processed after it was turned off: no money moved for it, so nothing may be paid.
    const config = parseConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'payfast', ...PAYFAST });
    expect(config.paymentProviders).not.toContain('sandbox');
    const provider = sandbox.create({ config, secret: SECRET });
    expect(await provider.verifyNotification(provider.signNotification!(payment))).toBe(
      'not_confirmed',
    );
  });
});

const PAYFAST = {
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
};
