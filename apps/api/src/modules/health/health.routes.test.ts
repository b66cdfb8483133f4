import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../providers/mail/mail-transport.ts';
import { createWhatsAppCloudTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

interface Check {
  name: string;
  kind: string;
  state: 'ok' | 'down';
  latencyMs: number;
  impact?: string;
}
const readiness = async (app: TestApp['app']) => {
  const res = await app.inject({ url: '/readyz' });
  const body = res.json<{ status: string; database: string; checks: Check[] }>();
  return {
    statusCode: res.statusCode,
    body,
    check: (name: string) => body.checks.find((c) => c.name === name),
  };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('is alive, and ready while the database answers', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await readiness(t.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', database: t.database.kind });
    // Each configured dependency, with its state and latency; no Redis without REDIS_URL.
    expect(ready.body.checks.map((c) => [c.name, c.kind, c.state])).toEqual([
      ['database', t.database.kind, 'ok'],
      ['storage', 'disk', 'ok'],
      ['ffmpeg', 'ffmpeg', 'ok'],
    ]);
    for (const c of ready.body.checks) expect(c.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('sends security headers with a strict Content-Security-Policy and a request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('serves the OpenAPI document of the catalogue calls', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/Eisteddfods/{id}/ItemsSearch');
  });

  it('reports degraded, naming ffmpeg, when recordings cannot be processed', async () => {
    const other = await createTestApp({
      env: { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' },
    });
    const ready = await readiness(other.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.check('ffmpeg')?.state).toBe('down');
    await other.close();
  });

  it('reports unavailable once the database is gone, naming it', async () => {
    const other = await createTestApp();
    await other.database.close();
    const ready = await readiness(other.app);
    expect(ready.statusCode).toBe(503);
    expect(ready.body.status).toBe('unavailable');
    expect(ready.check('database')?.state).toBe('down');
    expect(ready.check('storage')?.state).toBe('ok');
    await other.close();
  });

  it('reuses one round of checks for two seconds, however many probes come', async () => {
    const other = await createTestApp();
    let pings = 0;
    const ping = other.database.ping.bind(other.database);
    other.database.ping = () => {
      pings += 1;
      return ping();
    };
    await Promise.all(Array.from({ length: 50 }, () => readiness(other.app)));
    await readiness(other.app);
    expect(pings).toBe(1);
    await other.close();
  });

  it('checks the message transports, and reports them down, degraded, with what that costs (decision 038)', async () => {
    // Nothing listens on these ports (this work's range): the mail server and the API are away.
    const other = await createTestApp({
      transports: {
        mail: createSmtpTransport('smtp://127.0.0.1:3448', 'portal@example.org'),
        whatsapp: createWhatsAppCloudTransport({
          apiUrl: 'http://127.0.0.1:3447/v21.0',
          accessToken: 'token',
          phoneNumberId: '1234567890',
          templateName: 'eisteddfod_otp',
          language: 'en',
        }),
      },
    });
    const ready = await readiness(other.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.body.status).toBe('degraded');
    for (const [name, kind] of [
      ['mail', 'smtp'],
      ['whatsapp', 'cloud-api'],
    ]) {
      expect(ready.check(name!)).toMatchObject({
        kind,
        state: 'down',
        impact: expect.stringContaining('wait in the outbox'),
      });
    }
    expect(ready.check('database')).toMatchObject({ state: 'ok' });
    expect(ready.check('database')).not.toHaveProperty('impact');
    await other.close();
  });

  it('answers within its timeout when a dependency hangs, degraded but still in service', async () => {
    // A "Redis" that accepts connections and never answers.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const other = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    const started = Date.now();
    const ready = await readiness(other.app);
    expect(Date.now() - started).toBeLessThan(4000);
    // A shared part other than the database: reported, but no reason to drain every instance.
    expect(ready.statusCode).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.check('redis')).toMatchObject({ state: 'down' });
    expect(ready.check('redis')!.latencyMs).toBeGreaterThanOrEqual(1900);
    expect(ready.check('database')?.state).toBe('ok');
    await other.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

// Runs where a Redis is configured (CI sets REDIS_URL when the machine's Redis answers).
const redisUrl = process.env.REDIS_URL;
describe.runIf(redisUrl)('readiness with REDIS_URL', () => {
  it('reports Redis up', async () => {
    const other = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const ready = await readiness(other.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.check('redis')).toMatchObject({ kind: 'redis', state: 'ok' });
    await other.close();
  });

  it('reports Redis down, degraded, when REDIS_URL does not lead to one', async () => {
    // A port nothing listens on.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const other = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    const ready = await readiness(other.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.check('redis')?.state).toBe('down');
    expect(ready.check('database')?.state).toBe('ok');
    await other.close();
  });
});

describe('readiness with S3 storage', () => {
  const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-health-'));
  let s3server: S3rver;
  let endpoint = '';
  beforeAll(async () => {
    s3server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
    const address = (await s3server.run()) as net.AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'eisteddfod-health' }));
    s3.destroy();
  });
  afterAll(async () => {
    await s3server?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });
  const s3Env = (bucket: string) => ({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });

  it('asks the bucket (HeadBucket), and reports storage down, degraded, when it is not there', async () => {
    const up = await createTestApp({ env: s3Env('eisteddfod-health') });
    const ready = await readiness(up.app);
    expect(ready.statusCode).toBe(200);
    expect(ready.check('storage')).toMatchObject({ kind: 's3', state: 'ok' });
    await up.close();

    const missing = await createTestApp({ env: s3Env('no-such-bucket') });
    const down = await readiness(missing.app);
    expect(down.statusCode).toBe(200);
    expect(down.body.status).toBe('degraded');
    expect(down.check('storage')).toMatchObject({ kind: 's3', state: 'down' });
    await missing.close();
  });
});
