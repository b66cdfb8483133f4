// TLS and HTTP/2 in front of a local server, as deploy/Caddyfile serves the portal to families:
// a phone then fetches a screen's many small chunks over one multiplexed connection, not six
// HTTP/1.1 connections at a time (what the bare Node server speaks). The certificate is made for
// the run by Debian's openssl and trusted by no one: Chromium takes it with
// --ignore-certificate-errors (HTTPS_FLAGS).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endToEnd } from './end-to-end-headers.mjs';

/** Chromium's flag for the run's own certificate. */
export const HTTPS_FLAGS = ['--ignore-certificate-errors'];

/**
 * Listens on `port` (127.0.0.1) with TLS and HTTP/2 and passes every request on to `upstream`.
 * @param {number} port
 * @param {string} upstream the local server's origin (http://127.0.0.1:…)
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startHttpsProxy(port, upstream) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = endToEnd(req.headers);
    // Caddy passes the Host on unchanged; HTTP/2 carries it as :authority.
    headers.host = req.headers[':authority'] ?? req.headers.host;
    const forwarded = http.request(
      new URL(req.url, upstream),
      { method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    origin: `https://127.0.0.1:${port}`,
    async stop() {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      agent.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
