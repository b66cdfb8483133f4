import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-123';

describe('tokens', () => {
  it('carry the customer and scope, and only pass for the scopes asked for', async () => {
    const tokens = createTokenService(SECRET);
    const { token } = await tokens.issue({ customerId: 7, scope: 'pin' }, 60);
    expect(await tokens.verify(token, ['pin'])).toMatchObject({ customerId: 7, scope: 'pin' });
    expect(await tokens.verify(token, ['session'])).toBeUndefined();
  });

  it('expire', async () => {
    let t = Date.parse('2025-04-01T00:00:00Z');
    const tokens = createTokenService(SECRET, () => t);
    const { token } = await tokens.issue({ customerId: 7, scope: 'session' }, 60);
    t += 61_000;
    expect(await tokens.verify(token, ['session'])).toBeUndefined();
  });

  it('refuse a token signed with another secret or tampered with', async () => {
    const mine = createTokenService(SECRET);
    const theirs = createTokenService(`${SECRET}-other`);
    const { token } = await theirs.issue({ customerId: 7, scope: 'session' }, 60);
    expect(await mine.verify(token, ['session'])).toBeUndefined();
    const own = (await mine.issue({ customerId: 7, scope: 'pin' }, 60)).token;
    const [h, p, s] = own.split('.');
    const forged = JSON.parse(Buffer.from(p!, 'base64url').toString());
    forged.scope = 'session';
    const tampered = [h, Buffer.from(JSON.stringify(forged)).toString('base64url'), s].join('.');
    expect(await mine.verify(tampered, ['session'])).toBeUndefined();
  });
});
