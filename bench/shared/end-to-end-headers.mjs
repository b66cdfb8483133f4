// What a proxy passes on of a request's or an answer's headers: the end-to-end ones. Hop-by-hop
// headers describe one connection (RFC 9110 7.6.1; HTTP/2 forbids them, and its pseudo-headers,
// ':path' and the like, are the connection's framing), so each hop sets its own.

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
]);

/** @param {import('node:http').IncomingHttpHeaders} headers */
export function endToEnd(headers) {
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}
