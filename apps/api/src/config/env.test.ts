import { describe, expect, it } from 'vitest';
import { parseConfig } from './env.ts';

describe('parseConfig', () => {
  it('runs on embedded defaults with no settings at all', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_ON_START: true,
      SEED_EXACT_DATES: false,
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad setting', () => {
    expect(() => parseConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL/,
    );
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it('treats an empty DATABASE_URL as none', () => {
    expect(parseConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads flags', () => {
    const secret = 'x'.repeat(32);
    expect(
      parseConfig({ SEED_EXACT_DATES: 'true', NODE_ENV: 'production', AUTH_SECRET: secret }),
    ).toMatchObject({
      SEED_EXACT_DATES: true,
      isProduction: true,
    });
  });
});
