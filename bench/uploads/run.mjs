// Resumable upload benchmark: 1 GiB over tus on loopback against the raw disk write rate (dd)
// measured in the same run, the server's memory during it, and twenty concurrent 100 MB uploads
// compared byte for byte. See README.md next to this file.
// Over 350 lines on purpose: a self-contained script (server, client, dd baseline, report) that
// runs from one file without a build.
import { spawn, spawnSync } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { BUCKET, directUpload, objectSha256, s3Client, startBucket } from './s3.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const MiB = 1024 * 1024;
const BIG_BYTES = Number(process.env.BENCH_BIG_MB ?? 1024) * MiB;
const SMALL_BYTES = Number(process.env.BENCH_SMALL_MB ?? 100) * MiB;
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 20);
/** The portal sends 50 MiB per PATCH (features/uploads), so a dropped connection loses little. */
const CHUNK_BYTES = 50 * MiB;
const TARGETS = { ratio: 0.5, rssGrowthMb: 64 };
/** Whether to measure the tus S3 store against the S3 server's own rate too (BENCH_S3=0: not). */
const S3 = process.env.BENCH_S3 !== '0';
/** One entry for the big upload, the rest share the concurrent ones. */
const ENTRIES = 3;

if (!existsSync(serverJs)) {
  console.error(
    `No built server at ${path.relative(root, serverJs)}: run \`npm run build\` first.`,
  );
  process.exit(1);
}

async function freePort() {
  const srv = createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(undefined)));
  const addr = srv.address();
  await new Promise((resolve) => srv.close(() => resolve(undefined)));
  if (addr === null || typeof addr === 'string') throw new Error('could not find a free port');
  return addr.port;
}

/** The raw disk write rate of DATA_DIR's disk: dd with the data flushed before it stops. */
function ddRate(/** @type {string} */ dir, /** @type {number} */ bytes) {
  const file = path.join(dir, 'dd.bin');
  const started = process.hrtime.bigint();
  const dd = spawnSync(
    'dd',
    ['if=/dev/zero', `of=${file}`, 'bs=1M', `count=${bytes / MiB}`, 'conv=fdatasync'],
    { encoding: 'utf8' },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  spawnSync('rm', ['-f', file]);
  if (dd.status !== 0) throw new Error(`dd failed: ${dd.stderr}`);
  return bytes / seconds;
}

/** Resident memory of a process, in bytes (Linux). */
/** CPU seconds a process has used so far (user + system), from /proc/<pid>/stat. */
function cpuSecondsOf(/** @type {number} */ pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ, 100 on Linux
}

/** The machine's busy share of all cores since `from` (from /proc/stat). */
function machineTicks() {
  const cpu =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { idle, total };
}

function rssOf(/** @type {number} */ pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/**
 * A file's bytes, made as they are sent: a real MP4 header (so the server's content check
 * passes), then pseudo-random data, never all in memory at once.
 */
function* fileChunks(/** @type {number} */ size, /** @type {Buffer} */ seed) {
  // An AES-CTR keystream: pseudo-random, different per seed, and fast enough (GB/s) that the
  // client never slows the upload it measures.
  const cipher = createCipheriv('aes-128-ctr', seed, Buffer.alloc(16));
  const zeros = Buffer.alloc(MiB);
  let sent = 0;
  while (sent < size) {
    const length = Math.min(MiB, size - sent);
    const chunk = cipher.update(zeros.subarray(0, length));
    if (sent === 0) {
      Buffer.from([0, 0, 0, 0x18]).copy(chunk, 0);
      Buffer.from('ftypisom', 'latin1').copy(chunk, 4);
    }
    sent += length;
    yield chunk;
  }
}

class Api {
  constructor(/** @type {string} */ origin) {
    this.origin = origin;
    this.token = '';
    this.cookie = '';
  }
  async call(
    /** @type {string} */ method,
    /** @type {string} */ url,
    /** @type {unknown} */ body = undefined,
  ) {
    const res = await fetch(`${this.origin}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }
}

/**
 * A family with paid Music entries, logged in as the web app does (spec 4 flows). An entry
 * takes at most 20 video slots, so the uploads are spread over several entries.
 */
async function paidEntry(/** @type {Api} */ api) {
  const email = `bench.${Date.now()}@example.org`;
  const { customerId } = await api.call('POST', '/api/Customers/CustomerAndUser', {
    firstName: 'Bench',
    surname: 'Family',
    email,
    mobileNumber: '',
    country: 'South Africa',
  });
  const login = { username: email, password: 'none', isMobile: false };
  api.token = (await api.call('POST', '/api/Authentication/SilentLogin', login)).token;
  await api.call('POST', `/api/Customers/${customerId}/email-one-time-pin`);
  const [message] = await api.call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const pin = /\b(\d{6})\b/.exec(message.body)?.[1];
  await api.call('PUT', `/api/Customers/${customerId}/email-one-time-pin?pin=${pin}`);
  api.token = (await api.call('POST', '/api/Authentication/SilentLogin', login)).token;
  const profile = await api.call('POST', `/api/Customers/${customerId}/participant-profile`, {
    firstName: 'Bench',
    surname: 'Contestant',
    school: 'Other School',
    grade: '7',
    gender: 'female',
    acceptedTermsAndConditions: true,
    acceptedHonourPledge: true,
  });
  const cart = await api.call('POST', '/api/Orders', { customerId, orderItems: [] });
  const search = await api.call(
    'GET',
    // Items the Grade 7 contestant may enter (decision 042).
    `/api/Eisteddfods/${cart.eventId}/ItemsSearch?search=MU1&grade=7&take=${ENTRIES}`,
  );
  /** @type {{ id: number }[]} */
  const entries = [];
  for (const item of search.items) {
    entries.push(
      await api.call('POST', `/api/Orders/${cart.id}/OrderItems`, {
        itemId: item.id,
        participantProfileId: profile.id,
      }),
    );
  }
  const { link } = await api.call(
    'GET',
    `/api/Orders/${cart.id}/PaymentLink/${encodeURIComponent(email)}?sendWhatsAppConfirmation=false`,
  );
  // The payment link is relative (our own pay page on the site the family is on).
  const page = await (await fetch(new URL(link, api.origin))).text();
  const action = /action="([^"]+\/pay\?[^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
  const paid = await fetch(`${api.origin}${action}`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`sandbox payment failed: ${paid.status}`);
  /** @type {string[]} */
  const collections = [];
  for (const entry of entries) {
    const made = await api.call('POST', '/api/Uploads/Collection', { name: String(entry.id) });
    collections.push(made.guid);
  }
  return collections;
}

/**
 * PATCHes `length` bytes taken from `chunks` as they are made, so that making the next MiB
 * overlaps sending the last (as a browser reads a file's slices while it sends).
 */
function patch(
  /** @type {URL} */ url,
  /** @type {Record<string, string>} */ headers,
  /** @type {number} */ offset,
  /** @type {number} */ length,
  /** @type {Iterator<Buffer>} */ chunks,
) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'PATCH',
        headers: {
          ...headers,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 204
            ? resolve(undefined)
            : reject(new Error(`PATCH answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    (async () => {
      for (let written = 0; written < length;) {
        const next = chunks.next();
        if (next.done) throw new Error('the file ended before the PATCH');
        written += next.value.length;
        if (!req.write(next.value)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })().catch(reject);
  });
}

/** One whole tus upload (creation, then PATCHes of CHUNK_BYTES); returns how to remake its bytes. */
async function tusUpload(
  /** @type {Api} */ api,
  /** @type {string} */ collection,
  /** @type {string} */ fileName,
  /** @type {number} */ size,
) {
  const slot = await api.call('POST', `/api/Uploads/Collection/${collection}/Video`, {
    collectionId: collection,
    title: 'New video',
  });
  const auth = slot.upload;
  const headers = {
    'Tus-Resumable': '1.0.0',
    AuthorizationSignature: auth.signature,
    AuthorizationExpire: String(auth.expires),
    VideoId: auth.videoId,
    LibraryId: auth.libraryId,
  };
  const created = await fetch(`${api.origin}${auth.endpoint}`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${Buffer.from(fileName).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
    },
  });
  if (created.status !== 201)
    throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get('location') ?? '', api.origin);
  const seed = randomBytes(16);
  const chunks = fileChunks(size, seed);
  for (let offset = 0; offset < size; offset += CHUNK_BYTES)
    await patch(location, headers, offset, Math.min(CHUNK_BYTES, size - offset), chunks);
  return { seed, size, uploadId: location.pathname.split('/').pop() ?? '' };
}

/** The sha256 of what an upload sent, made again from its seed after the clock has stopped. */
function sentSha256(/** @type {{ seed: Buffer, size: number }} */ upload) {
  const hash = createHash('sha256');
  for (const chunk of fileChunks(upload.size, upload.seed)) hash.update(chunk);
  return hash.digest('hex');
}

async function sha256OfFile(/** @type {string} */ file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 4 * MiB })) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * The tus S3 store against the S3 server's own rate, in the same run: the big upload's bytes
 * straight to the bucket from a plain client, then through a second server whose storage is
 * that bucket; and whether the object the upload left is what was sent.
 */
async function s3Rates() {
  const bucket = await startBucket(path.join(dataDir, 's3'));
  try {
    const client = s3Client(bucket.endpoint);
    const own = await directUpload(client, 'direct.bin', fileChunks(BIG_BYTES, randomBytes(16)));
    const { origin } = await startServer(path.join(dataDir, 'server-on-s3'), {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: bucket.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const api = new Api(origin);
    const [collection = ''] = await paidEntry(api);
    await tusUpload(api, collection, 'warm-up.mp4', 8 * MiB);
    const started = process.hrtime.bigint();
    const upload = await tusUpload(api, collection, 'big-on-s3.mp4', BIG_BYTES);
    const tus = BIG_BYTES / (Number(process.hrtime.bigint() - started) / 1e9);
    const identical =
      (await objectSha256(client, `videos/${upload.uploadId}`)) === sentSha256(upload);
    return { own, tus, identical };
  } finally {
    await bucket.close();
  }
}

const dataDir = await mkdtemp(path.join(process.env.BENCH_DIR ?? tmpdir(), 'bench-uploads-'));
// BENCH_SERVER_ARGS passes Node options to the server only, e.g. '--cpu-prof' to see where a
// stream's time goes (NODE_OPTIONS refuses --cpu-prof).
const serverArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
/** @type {import('node:child_process').ChildProcess[]} */
const servers = [];

/** Starts the built server (embedded PGlite) with `env` over the defaults; resolves when ready. */
async function startServer(/** @type {string} */ dir, /** @type {NodeJS.ProcessEnv} */ env = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...serverArgs, serverJs], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      VIDEO_MAX_MB: String(Math.ceil(BIG_BYTES / MiB) + 1),
      ...env,
    },
  });
  servers.push(server);
  for (let i = 0; ; i++) {
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error('the server did not start');
    await sleep(200);
  }
  return { origin, pid: server.pid ?? 0 };
}

let failed = false;
try {
  const { origin, pid } = await startServer(dataDir);
  const api = new Api(origin);
  const collections = await paidEntry(api);
  const collection = collections[0] ?? '';
  // A small upload first, so the code paths are warm and the baseline memory is honest.
  await tusUpload(api, collection, 'warm-up.mp4', 8 * MiB);

  const disk = ddRate(dataDir, 1024 * MiB);
  const rssBefore = rssOf(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(pid));
  }, 50);
  const serverCpuBefore = cpuSecondsOf(pid);
  const clientCpuBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  const started = process.hrtime.bigint();
  const big = await tusUpload(api, collection, 'big.mp4', BIG_BYTES);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // Who was busy during the single stream: a process near 100% of one core is its limit.
  const serverCpu = (cpuSecondsOf(pid) - serverCpuBefore) / seconds;
  const clientUsage = process.cpuUsage(clientCpuBefore);
  const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / seconds;
  const machineAfter = machineTicks();
  const machineBusy =
    1 -
    (machineAfter.idle - machineBefore.idle) /
      Math.max(1, machineAfter.total - machineBefore.total);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, rssOf(pid));
  const tusRate = BIG_BYTES / seconds;
  const bigIdentical =
    (await sha256OfFile(path.join(dataDir, 'videos', big.uploadId))) === sentSha256(big);

  const concurrentStarted = process.hrtime.bigint();
  const uploads = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      tusUpload(api, collections[1 + (i % (ENTRIES - 1))] ?? '', `take-${i + 1}.mp4`, SMALL_BYTES),
    ),
  );
  const concurrentSeconds = Number(process.hrtime.bigint() - concurrentStarted) / 1e9;
  let identical = 0;
  for (const u of uploads) {
    if ((await sha256OfFile(path.join(dataDir, 'videos', u.uploadId))) === sentSha256(u))
      identical++;
  }

  const ratio = tusRate / disk;
  const growthMb = (rssPeak - rssBefore) / MiB;
  const mbps = (/** @type {number} */ b) => `${(b / MiB).toFixed(0)} MiB/s`;
  console.log(`raw disk write (dd, 1 GiB, fdatasync)  ${mbps(disk)}`);
  console.log(
    `tus upload (${BIG_BYTES / MiB} MiB, loopback)         ${mbps(tusRate)} in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `ratio tus / disk                         ${ratio.toFixed(2)}  (target ≥ ${TARGETS.ratio})`,
  );
  console.log(
    `CPU during it: server ${(serverCpu * 100).toFixed(0)}% of a core, client ${(clientCpu * 100).toFixed(0)}%, machine ${(machineBusy * 100).toFixed(0)}% of all ${cpus().length} cores; server CPU ${((serverCpu * seconds) / (BIG_BYTES / 1024 / MiB)).toFixed(2)} s per GiB`,
  );
  console.log(`stored file identical                    ${bigIdentical ? 'yes' : 'NO'}`);
  console.log(
    `server RSS before / peak                 ${(rssBefore / MiB).toFixed(0)} / ${(rssPeak / MiB).toFixed(0)} MiB`,
  );
  console.log(
    `server RSS growth                        ${growthMb.toFixed(1)} MiB  (target ≤ ${TARGETS.rssGrowthMb})`,
  );
  console.log(
    `${CONCURRENT} concurrent ${SMALL_BYTES / MiB} MiB uploads         ${concurrentSeconds.toFixed(1)} s, ${identical}/${CONCURRENT} byte-identical`,
  );
  if (S3) {
    const s3 = await s3Rates();
    console.log(
      `S3 server's own rate (plain client)      ${mbps(s3.own)}  (s3rver behind the cluster test's front, on loopback)`,
    );
    console.log(`tus upload to the S3 store               ${mbps(s3.tus)}`);
    console.log(`ratio tus S3 store / S3 server's own     ${(s3.tus / s3.own).toFixed(2)}`);
    console.log(`object in the bucket identical           ${s3.identical ? 'yes' : 'NO'}`);
    if (!s3.identical) failed = true;
  }
  failed ||=
    ratio < TARGETS.ratio ||
    growthMb > TARGETS.rssGrowthMb ||
    !bigIdentical ||
    identical !== CONCURRENT;
  console.log(failed ? 'FAIL' : 'PASS');
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  for (const server of servers) {
    if (server.exitCode !== null) continue;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
