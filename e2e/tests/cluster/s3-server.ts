import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { repositoryRoot, type LogSink } from './instances.ts';

/**
 * An S3-compatible server on loopback: s3rver, the fake S3 that apps/api's own S3 tests use, run
 * as a process of its own (as an object store is a service of its own), behind a small front
 * that fills the gaps between s3rver and what the API's tus store (@tus/s3-store) calls:
 *
 * - ListParts (`GET /bucket/key?uploadId=…`): s3rver has no route for it, and the tus store
 *   calls it on every HEAD and PATCH to learn the offset. The front answers it from s3rver's own
 *   files: its filesystem store keeps an upload's parts under
 *   `<bucket>/._S3rver_uploads/<uploadId>/<partNumber>`, with `<partNumber>.md5` written once
 *   the part is whole (lib/stores/filesystem.js, putPart).
 * - AbortMultipartUpload (`DELETE …?uploadId=…`, the tus store's remove) and
 *   ListMultipartUploads (`GET /bucket?uploads`, its sweep of expired uploads): likewise missing,
 *   likewise answered from those files.
 * - aws-chunked bodies: the AWS SDK sends every streamed body (each part the tus store uploads,
 *   its `.part` objects) framed as aws-chunked with a trailing checksum, which S3 decodes and
 *   s3rver would store as it came. The front takes the framing off. That changes headers the
 *   SDK signed, so s3rver runs with --allow-mismatched-signatures: signatures are not what this
 *   test is about.
 *
 * Everything else goes to s3rver unchanged, streamed both ways.
 */
export async function startS3Server(options: { directory: string; bucket: string; log: LogSink }) {
  const { directory, bucket } = options;
  const backend = await startS3rver(options);
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');

  const front = createServer((req, res) => {
    res.on('finish', () => options.log(`s3: ${req.method} ${req.url} ${res.statusCode}`));
    handle(req, res).catch((err: Error) => {
      options.log(`s3 front: ${req.method} ${req.url}: ${err.stack ?? err.message}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://s3.invalid');
    const [, urlBucket = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = url.searchParams.get('uploadId');
    if (urlBucket === bucket && key && uploadId !== null) {
      if (req.method === 'GET') return listParts(res, key, uploadId);
      if (req.method === 'DELETE') return abortUpload(res, key, uploadId);
    }
    if (urlBucket === bucket && !key && req.method === 'GET' && url.searchParams.has('uploads')) {
      return listUploads(res, url.searchParams.get('prefix') ?? '');
    }
    return forward(req, res);
  }

  /** The upload's folder in s3rver's store, when it is there and belongs to `key`. */
  async function uploadFolder(uploadId: string, key?: string) {
    if (!/^[0-9a-f]+$/.test(uploadId)) return undefined;
    const folder = path.join(uploadsDir, uploadId);
    const storedKey = await readFile(path.join(folder, 'key'), 'utf8').catch(() => undefined);
    if (storedKey === undefined || (key !== undefined && storedKey !== key)) return undefined;
    return { folder, key: storedKey };
  }

  /** Every whole part, in one page (the tus store's uploads stay far below S3's 1,000). */
  async function listParts(res: ServerResponse, key: string, uploadId: string) {
    const upload = await uploadFolder(uploadId, key);
    if (!upload) return noSuchUpload(res, uploadId);
    const names = await readdir(upload.folder);
    const numbers = names
      .filter((name) => /^\d+$/.test(name) && names.includes(`${name}.md5`))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(upload.folder, String(n));
        const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return (
          `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified>` +
          `<ETag>&quot;${md5.trim()}&quot;</ETag><Size>${info.size}</Size></Part>`
        );
      }),
    );
    xml(
      res,
      200,
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key>` +
        `<UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker>` +
        `<NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker>` +
        `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}` +
        `</ListPartsResult>`,
    );
  }

  async function abortUpload(res: ServerResponse, key: string, uploadId: string) {
    const upload = await uploadFolder(uploadId, key);
    if (!upload) return noSuchUpload(res, uploadId);
    await rm(upload.folder, { recursive: true, force: true });
    res.writeHead(204).end();
  }

  async function listUploads(res: ServerResponse, prefix: string) {
    const ids = await readdir(uploadsDir).catch(() => [] as string[]);
    const uploads = [];
    for (const id of ids.sort()) {
      const upload = await uploadFolder(id);
      if (!upload?.key.startsWith(prefix)) continue;
      // Written once, when the upload was initiated.
      const initiated = (await stat(path.join(upload.folder, 'key'))).mtime.toISOString();
      uploads.push(
        `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${id}</UploadId>` +
          `<Initiated>${initiated}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      );
    }
    xml(
      res,
      200,
      `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${escapeXml(bucket)}</Bucket><Prefix>${escapeXml(prefix)}</Prefix>` +
        `<MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}` +
        `</ListMultipartUploadsResult>`,
    );
  }

  /** To s3rver as it came, but for aws-chunked framing, which is taken off on the way. */
  async function forward(req: IncomingMessage, res: ServerResponse) {
    const chunked = /\baws-chunked\b/.test(req.headers['content-encoding'] ?? '');
    const headers = chunked ? unchunkedHeaders(req.headers) : { ...req.headers };
    delete headers.expect;
    const upstream = request({
      host: '127.0.0.1',
      port: backend.port,
      method: req.method,
      path: req.url,
      headers,
      agent: false,
    });
    const answered = new Promise<void>((resolve, reject) => {
      upstream.on('response', (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        pipeline(answer, res).then(resolve, reject);
      });
      upstream.on('error', reject);
    });
    await (chunked ? pipeline(req, new AwsChunkedDecoder(), upstream) : pipeline(req, upstream));
    await answered;
  }

  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

  return {
    /** For S3_ENDPOINT: the front, never s3rver itself. */
    endpoint,
    /** The sha256 of an object as a GetObject through the front answers it (404 throws). */
    async sha256(key: string): Promise<string> {
      const response = await fetch(`${endpoint}/${bucket}/${encodeKey(key)}`);
      if (response.status !== 200) throw new Error(`GetObject ${key}: ${response.status}`);
      return createHash('sha256')
        .update(Buffer.from(await response.arrayBuffer()))
        .digest('hex');
    },
    /** Whether the bucket holds an object (HeadObject through the front). */
    async exists(key: string): Promise<boolean> {
      const response = await fetch(`${endpoint}/${bucket}/${encodeKey(key)}`, { method: 'HEAD' });
      return response.status === 200;
    },
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await backend.stop();
    },
  };
}

/** s3rver's own command line, on a free port, with the bucket made at start. */
async function startS3rver(options: { directory: string; bucket: string; log: LogSink }) {
  const bin = path.join(repositoryRoot, 'node_modules/s3rver/bin/s3rver.js');
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: s3rver is a dev dependency of apps/api (npm ci)`);
  }
  const child = spawn(
    process.execPath,
    [
      bin,
      ...['--directory', options.directory, '--address', '127.0.0.1', '--port', '0'],
      '--silent',
      '--allow-mismatched-signatures',
      ...['--configure-bucket', options.bucket],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr.on('data', (chunk: Buffer) => options.log(`s3rver: ${chunk.toString().trimEnd()}`));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on [\d.]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  return {
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The request's headers once its body is plain bytes of the decoded length. */
function unchunkedHeaders(original: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers = { ...original };
  const encodings = (headers['content-encoding'] ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e && e !== 'aws-chunked');
  if (encodings.length > 0) headers['content-encoding'] = encodings.join(',');
  else delete headers['content-encoding'];
  const length = headers['x-amz-decoded-content-length'];
  delete headers['transfer-encoding'];
  delete headers['x-amz-decoded-content-length'];
  delete headers['x-amz-trailer'];
  if (typeof length === 'string') headers['content-length'] = length;
  headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  return headers;
}

/**
 * Takes aws-chunked framing off a body: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`, …, then
 * `0\r\n`, trailers (the checksum) and an empty line, which are dropped.
 */
class AwsChunkedDecoder extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private state: 'size' | 'data' | 'end-of-data' | 'trailers' = 'size';
  private left = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      this.decode();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback) {
    done(this.state === 'trailers' ? null : new Error('aws-chunked body ended early'));
  }

  private decode() {
    for (;;) {
      if (this.state === 'data') {
        if (this.pending.length === 0) return;
        const take = Math.min(this.left, this.pending.length);
        this.push(this.pending.subarray(0, take));
        this.pending = this.pending.subarray(take);
        this.left -= take;
        if (this.left === 0) this.state = 'end-of-data';
      } else if (this.state === 'end-of-data') {
        if (this.pending.length < 2) return;
        this.pending = this.pending.subarray(2);
        this.state = 'size';
      } else if (this.state === 'size') {
        const end = this.pending.indexOf('\r\n');
        if (end < 0) return;
        const line = this.pending.subarray(0, end).toString('latin1');
        const size = Number.parseInt(line.split(';')[0] ?? '', 16);
        if (!Number.isInteger(size)) throw new Error(`aws-chunked: bad chunk size "${line}"`);
        this.pending = this.pending.subarray(end + 2);
        this.left = size;
        this.state = size === 0 ? 'trailers' : 'data';
      } else {
        this.pending = Buffer.alloc(0);
        return;
      }
    }
  }
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function noSuchUpload(res: ServerResponse, uploadId: string) {
  xml(
    res,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>` +
      `<UploadId>${escapeXml(uploadId)}</UploadId></Error>`,
  );
}

function xml(res: ServerResponse, status: number, body: string) {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}
