// The S3 half of the upload benchmark: an S3-compatible server on loopback (the cluster test's
// s3rver behind its front), and the rate a plain S3 client gets from it, to read the tus S3
// store's rate against. See README.md ("The S3 store").
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
/** apps/api's dependencies, borrowed (the bench has no package of its own). */
const fromApi = createRequire(path.join(root, 'apps/api/package.json'));
/** @type {typeof import('@aws-sdk/client-s3')} */
const s3sdk = fromApi('@aws-sdk/client-s3');

export const BUCKET = 'bench-uploads';
const MiB = 1024 * 1024;
/** As the tus S3 store sends them (modules/uploads/tus-server.ts). */
const PART_BYTES = 8 * MiB;
const PARTS_IN_FLIGHT = 4;

/**
 * Starts the cluster test's S3 server (e2e/tests/cluster/s3-server.ts), bundled for Node here by
 * esbuild, which apps/api builds with: the bench runs without a TypeScript loader.
 * @returns {Promise<{ endpoint: string, close: () => Promise<void> }>}
 */
export async function startBucket(/** @type {string} */ directory) {
  const source = path.join(root, 'e2e/tests/cluster/s3-server.ts');
  const build = await mkdtemp(path.join(tmpdir(), 'bench-s3-server-'));
  const outfile = path.join(build, 's3-server.mjs');
  /** @type {typeof import('esbuild')} */
  const esbuild = fromApi('esbuild');
  await esbuild.build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    // It finds s3rver from where its own file is, not from the bundle's.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(source).href) },
    logLevel: 'error',
  });
  const { startS3Server } = await import(pathToFileURL(outfile).href);
  await rm(build, { recursive: true, force: true });
  return startS3Server({ directory, bucket: BUCKET, log: () => {} });
}

/** A client of that server, set as the API's own (path style, checksums only when required). */
export function s3Client(/** @type {string} */ endpoint) {
  return new s3sdk.S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The server's own rate: the same bytes as a multipart upload straight from a plain client, in
 * 8 MiB parts, four in flight. Returns bytes per second.
 * @param {import('@aws-sdk/client-s3').S3Client} client
 * @param {string} key
 * @param {Iterable<Buffer>} chunks
 */
export async function directUpload(client, key, chunks) {
  const started = process.hrtime.bigint();
  const { UploadId } = await client.send(
    new s3sdk.CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key }),
  );
  /** @type {{ ETag?: string, PartNumber: number }[]} */
  const parts = [];
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  let bytes = 0;
  const send = (/** @type {Buffer} */ body, /** @type {number} */ number) => {
    const sent = client
      .send(
        new s3sdk.UploadPartCommand({
          Bucket: BUCKET,
          Key: key,
          UploadId,
          PartNumber: number,
          Body: body,
        }),
      )
      .then((answer) => {
        parts.push({ ETag: answer.ETag, PartNumber: number });
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
    return sent;
  };
  /** @type {Buffer[]} */
  let pending = [];
  let pendingBytes = 0;
  let number = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    if (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
    void send(Buffer.concat(pending), ++number);
    pending = [];
    pendingBytes = 0;
  };
  for (const chunk of chunks) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    bytes += chunk.length;
    if (pendingBytes >= PART_BYTES) await flush();
  }
  await flush();
  await Promise.all(inFlight);
  parts.sort((a, b) => a.PartNumber - b.PartNumber);
  await client.send(
    new s3sdk.CompleteMultipartUploadCommand({
      Bucket: BUCKET,
      Key: key,
      UploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
  return bytes / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** The sha256 of an object as the bucket serves it, streamed. */
export async function objectSha256(
  /** @type {import('@aws-sdk/client-s3').S3Client} */ client,
  /** @type {string} */ key,
) {
  const answer = await client.send(new s3sdk.GetObjectCommand({ Bucket: BUCKET, Key: key }));
  const hash = createHash('sha256');
  for await (const chunk of /** @type {AsyncIterable<Buffer>} */ (answer.Body)) hash.update(chunk);
  return hash.digest('hex');
}
