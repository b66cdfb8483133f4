import { describe, expect, it } from 'vitest';
import { createSmtpTransport } from './mail-transport.ts';

describe('the SMTP transport', () => {
  it('reads a URL it cannot parse strictly without throwing its password into the log', () => {
    // A space in the host: `new URL` throws, and Node's error carries the whole URL as `input`.
    let error: unknown;
    try {
      createSmtpTransport('smtp://user:s3cret@mail host:25', 'a@example.org').close();
    } catch (err) {
      error = err;
    }
    expect(JSON.stringify(error ?? null)).not.toContain('s3cret');
  });
});
