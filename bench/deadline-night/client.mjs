// The load generator's HTTP client: keep-alive connections to the proxy, each request timed
// from the first byte sent to the last byte of the answer. See README.md.
import http from 'node:http';

/**
 * @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }} Answer
 * @typedef {{
 *   method: 'GET' | 'POST' | 'PUT' | 'DELETE',
 *   path: string,
 *   headers?: Record<string, string>,
 *   body?: Buffer | string,
 * }} Call
 */

/** Thirty seconds without an answer is a failure, never a wait the window would hide. */
const TIMEOUT_MS = 30_000;

/** A client of one origin (the proxy's port) that keeps its connections open. */
export function createClient(/** @type {number} */ port) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

  /** @returns {Promise<Answer & { ms: number }>} */
  function send(/** @type {Call} */ call) {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const body = call.body === undefined ? undefined : Buffer.from(call.body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: call.method,
          path: call.path,
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            ...call.headers,
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
        },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  return { send, close: () => agent.destroy() };
}

/** @typedef {ReturnType<typeof createClient>} Client */
