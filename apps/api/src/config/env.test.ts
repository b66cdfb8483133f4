import { describe, expect, it } from 'vitest';
import { parseConfig } from './env.ts';

const secret = 'x'.repeat(32);
/** The settings a production server needs, so each test can take one away. */
const production = {
  AUTH_SECRET: secret,
  PUBLIC_URL: 'https://entries.example.org',
  PAYMENT_PROVIDER: 'payfast',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'a passphrase',
};

describe('parseConfig', () => {
  it('refuses a malformed SMTP_URL at start, without quoting it (decision 038)', () => {
    const local = { NODE_ENV: 'development' };
    for (const bad of [
      'smtp.example.org:587',
      'https://smtp.example.org',
      'smtps://user:s3cret@',
    ]) {
      expect(() => parseConfig({ ...local, SMTP_URL: bad }), bad).toThrow(/SMTP_URL/);
      expect(() => parseConfig({ ...local, SMTP_URL: bad }), bad).not.toThrow(/s3cret|example/);
    }
    expect(parseConfig({ ...local, SMTP_URL: 'smtps://u:p@smtp.example.org:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example.org:465',
    );
    expect(parseConfig({ ...local, SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('refuses to serve with nothing set, naming every missing production setting', () => {
    // A bare start is a production server: no readable outbox, no sandbox payments.
    expect(() => parseConfig({})).toThrow(/AUTH_SECRET[\s\S]*PUBLIC_URL[\s\S]*PAYMENT_PROVIDER/);
    expect(() => parseConfig({})).toThrow(/npm start/);
  });

  it('runs a local run on embedded defaults when NODE_ENV=development says so', () => {
    const config = parseConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      PAYMENT_PROVIDER: 'sandbox',
      SEED_ON_START: true,
      SEED_EXACT_DATES: false,
      isProduction: false,
      devTools: true,
      sandboxPayments: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('listens on loopback for a local run and on every interface in production, unless told', () => {
    // Issue 30: a local run on every interface served its outbox (every pin) to the network.
    expect(parseConfig({ NODE_ENV: 'development' }).HOST).toBe('localhost');
    expect(parseConfig({ NODE_ENV: 'test' }).HOST).toBe('localhost');
    expect(parseConfig(production).HOST).toBe('0.0.0.0');
    expect(parseConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(parseConfig({ ...production, HOST: '10.1.2.3' }).HOST).toBe('10.1.2.3');
  });

  it('serves in production with the required settings, without local conveniences', () => {
    expect(parseConfig(production)).toMatchObject({
      NODE_ENV: 'production',
      isProduction: true,
      devTools: false,
      sandboxPayments: false,
      SEED_ON_START: false,
    });
  });

  it('takes sandbox payments in production only when ALLOW_SANDBOX_PAYMENTS says so', () => {
    const sandbox = { ...production, PAYMENT_PROVIDER: 'sandbox' };
    expect(() => parseConfig(sandbox)).toThrow(/PAYMENT_PROVIDER[\s\S]*ALLOW_SANDBOX_PAYMENTS/);
    expect(parseConfig({ ...sandbox, ALLOW_SANDBOX_PAYMENTS: 'true' })).toMatchObject({
      sandboxPayments: true,
      devTools: false,
    });
  });

  it('on PostgreSQL in production, wants Redis unless the operator says there is one instance', () => {
    // Two instances on one database without Redis would each lock tus uploads and count rate
    // limits in their own memory: an upload could be written by both at once.
    const onPostgres = { ...production, DATABASE_URL: 'postgres://db.internal/entries' };
    expect(() => parseConfig(onPostgres)).toThrow(/REDIS_URL[\s\S]*SINGLE_INSTANCE=true/);
    expect(parseConfig({ ...onPostgres, REDIS_URL: 'redis://cache.internal:6379' })).toBeTruthy();
    expect(parseConfig({ ...onPostgres, SINGLE_INSTANCE: 'true' })).toBeTruthy();
    // PGlite is one process's own database, and a local run is one machine.
    expect(parseConfig(production)).toBeTruthy();
    expect(
      parseConfig({ NODE_ENV: 'development', DATABASE_URL: onPostgres.DATABASE_URL }),
    ).toBeTruthy();
  });

  it('with parts that instances share, wants the database shared too', () => {
    // Redis and S3 set, DATABASE_URL forgotten: every instance ran its own embedded database.
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'entries' };
    const redis = { REDIS_URL: 'redis://cache.internal:6379' };
    expect(() => parseConfig({ ...production, ...redis, ...s3 })).toThrow(
      /DATABASE_URL: required in production with REDIS_URL and STORAGE_DRIVER=s3[\s\S]*own embedded database[\s\S]*SINGLE_INSTANCE=true/,
    );
    expect(() => parseConfig({ ...production, ...redis })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ ...production, ...s3 })).toThrow(/DATABASE_URL/);
    const database = { DATABASE_URL: 'postgres://db.internal/entries' };
    expect(parseConfig({ ...production, ...redis, ...s3, ...database })).toBeTruthy();
    // One instance with its files in a bucket, said so.
    expect(parseConfig({ ...production, ...s3, SINGLE_INSTANCE: 'true' })).toBeTruthy();
    // A local run is one machine.
    expect(parseConfig({ NODE_ENV: 'development', ...redis, ...s3 })).toBeTruthy();
  });

  it('runs an INSTANCE_ROLE=web instance only beside others that work the jobs', () => {
    // Alone, a 'web' instance would never make certificates, process files or delete erased
    // families' files (the security review of issue 31).
    const shared = {
      ...production,
      DATABASE_URL: 'postgres://db.internal/entries',
      REDIS_URL: 'redis://cache.internal:6379',
    };
    expect(parseConfig({ ...shared, INSTANCE_ROLE: 'web' }).INSTANCE_ROLE).toBe('web');
    expect(() => parseConfig({ ...shared, INSTANCE_ROLE: 'web', SINGLE_INSTANCE: 'true' })).toThrow(
      /INSTANCE_ROLE: 'web' needs other instances/,
    );
    expect(() => parseConfig({ ...production, INSTANCE_ROLE: 'web' })).toThrow(/INSTANCE_ROLE/);
  });

  it('sends browsers to an S3 bucket only over https in production', () => {
    const s3 = {
      ...production,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'entries',
      SINGLE_INSTANCE: 'true',
    };
    expect(parseConfig(s3)).toBeTruthy();
    expect(() => parseConfig({ ...s3, S3_ENDPOINT: 'http://minio.internal:9000' })).toThrow(
      /S3_ENDPOINT[\s\S]*https/,
    );
    expect(
      parseConfig({
        ...s3,
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.org',
      }),
    ).toBeTruthy();
    expect(() => parseConfig({ ...s3, S3_PUBLIC_ENDPOINT: 'http://files.example.org' })).toThrow(
      /S3_PUBLIC_ENDPOINT/,
    );
    const local = { NODE_ENV: 'development', STORAGE_DRIVER: 's3', S3_BUCKET: 'entries' };
    expect(parseConfig({ ...local, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toBeTruthy();
  });

  it('requires every PayFast credential, the passphrase included, in any environment', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => parseConfig({ ...production, NODE_ENV, PAYFAST_PASSPHRASE: '' })).toThrow(
        /PAYFAST_PASSPHRASE: required with PAYMENT_PROVIDER=payfast/,
      );
    }
    expect(() => parseConfig({ ...production, PAYFAST_MERCHANT_KEY: undefined })).toThrow(
      /PAYFAST_MERCHANT_KEY/,
    );
  });

  it('builds the local address from PORT, and keeps a configured one without its slash', () => {
    expect(parseConfig({ NODE_ENV: 'development', PORT: '4050' }).PUBLIC_URL).toBe(
      'http://localhost:4050',
    );
    expect(
      parseConfig({ ...production, PUBLIC_URL: 'https://entries.example.org/' }).PUBLIC_URL,
    ).toBe('https://entries.example.org');
    expect(() => parseConfig({ ...production, PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it('refuses an http PUBLIC_URL in production, where the sign-in cookie is secure', () => {
    // Issue 31: http://entries.example.org started, and families could not stay signed in.
    expect(() => parseConfig({ ...production, PUBLIC_URL: 'http://entries.example.org' })).toThrow(
      /PUBLIC_URL: must be https in production/,
    );
    // This machine's loopback is a secure context to browsers, and reached by nobody else.
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3500', 'http://[::1]:3000']) {
      expect(parseConfig({ ...production, PUBLIC_URL: local }).PUBLIC_URL).toBe(local);
    }
    expect(() =>
      parseConfig({ ...production, PUBLIC_URL: 'http://127.0.0.1.example.org' }),
    ).toThrow(/PUBLIC_URL/);
    // A local run links to http://localhost, and a test server to wherever it was given.
    expect(
      parseConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://entries.example.org' }).PUBLIC_URL,
    ).toBe('http://entries.example.org');
  });

  it('lets a command that only opens the database run without the serving settings', () => {
    expect(parseConfig({}, { purpose: 'tool' })).toMatchObject({ isProduction: true });
  });

  it('names every bad setting', () => {
    expect(() => parseConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL/,
    );
  });

  it('enables a second payment provider with PAYMENT_PROVIDERS, under the same production rules', () => {
    // Decision 055: PAYMENT_PROVIDER is the provider of new orders, PAYMENT_PROVIDERS adds more.
    expect(parseConfig(production).paymentProviders).toEqual(['payfast']);
    expect(
      parseConfig({
        ...production,
        NODE_ENV: 'development',
        PAYMENT_PROVIDER: '',
        PAYMENT_PROVIDERS: 'payfast, other',
      }),
    ).toMatchObject({
      PAYMENT_PROVIDER: 'sandbox',
      paymentProviders: ['sandbox', 'payfast', 'other'],
      sandboxPayments: true,
    });
    const withSandbox = { ...production, PAYMENT_PROVIDERS: 'sandbox' };
    expect(() => parseConfig(withSandbox)).toThrow(
      /PAYMENT_PROVIDERS[\s\S]*ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(
      parseConfig({ ...withSandbox, ALLOW_SANDBOX_PAYMENTS: 'true' }).paymentProviders,
    ).toEqual(['payfast', 'sandbox']);
    const { PAYFAST_PASSPHRASE: _, ...noPassphrase } = production;
    expect(() =>
      parseConfig({ ...noPassphrase, PAYMENT_PROVIDER: 'other', PAYMENT_PROVIDERS: 'payfast' }),
    ).toThrow(/PAYFAST_PASSPHRASE: required with payfast in PAYMENT_PROVIDERS/);
    expect(() => parseConfig({ NODE_ENV: 'development', PAYMENT_PROVIDERS: 'Pay Fast' })).toThrow(
      /PAYMENT_PROVIDERS/,
    );
  });

  it('treats an empty DATABASE_URL as none', () => {
    expect(parseConfig({ NODE_ENV: 'development', DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads flags', () => {
    expect(
      parseConfig({ ...production, SEED_EXACT_DATES: 'true', SEED_ON_START: '1' }),
    ).toMatchObject({ SEED_EXACT_DATES: true, SEED_ON_START: true, isProduction: true });
  });
});
