import { describe, expect, it } from 'vitest';
import { parseConfig } from './env.ts';
import { localRunWarning } from './local-run.ts';

describe('the local run banner', () => {
  it('prints the addresses actually bound, and says that only this machine reaches them', () => {
    const config = parseConfig({ NODE_ENV: 'development' });
    const banner = localRunWarning(config, [
      { address: '127.0.0.1', port: 3000 },
      { address: '::1', port: 3000 },
    ]);
    expect(banner).toContain('Listening on http://127.0.0.1:3000, http://[::1]:3000.');
    expect(banner).toContain('Only this machine can reach it');
    expect(banner).not.toContain('NETWORK');
  });

  it('announces loudly a local run bound beyond loopback', () => {
    const config = parseConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    const banner = localRunWarning(config, [{ address: '0.0.0.0', port: 3000 }]);
    expect(banner).toContain('HOST=0.0.0.0 OPENS THIS SERVER TO THE NETWORK (http://0.0.0.0:3000)');
    expect(banner).toContain('/dev/outbox, from this machine only');
  });
});
