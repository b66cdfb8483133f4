// A round-robin HTTP proxy on loopback, standing for the load balancer in front of the
// instances: `node proxy.mjs <listen port> <upstream port>...`. Run as its own process so that
// its cost is its own, and the same whether it has one upstream or two. See README.md.
import http from 'node:http';
import { endToEnd } from '../shared/end-to-end-headers.mjs';

const [listenPort, ...upstreamPorts] = process.argv.slice(2).map(Number);
if (!listenPort || upstreamPorts.length === 0 || upstreamPorts.some((p) => !p)) {
  console.error('usage: node proxy.mjs <listen port> <upstream port>...');
  process.exit(2);
}

// Connections to each instance are kept open and reused, as a load balancer's are.
const upstreams = upstreamPorts.map((port) => ({
  port,
  agent: new http.Agent({ keepAlive: true, maxSockets: 256 }),
}));
let next = 0;

const server = http.createServer((req, res) => {
  const upstream = /** @type {(typeof upstreams)[number]} */ (upstreams[next]);
  next = (next + 1) % upstreams.length;
  // X-Forwarded-For is passed as it came: the load generator writes each virtual family's own
  // address there, as the real load balancer would from the family's connection (TRUST_PROXY=1).
  const forwarded = http.request(
    {
      host: '127.0.0.1',
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: endToEnd(req.headers),
      agent: upstream.agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    },
  );
  forwarded.on('error', (err) => {
    console.error(`proxy: ${req.method} ${req.url} to ${upstream.port}: ${err.message}`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`proxy: ${err.message}`);
  });
  req.pipe(forwarded);
});
server.keepAliveTimeout = 65_000;
server.listen(listenPort, '127.0.0.1', () => console.log(`proxy listening on ${listenPort}`));
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  for (const u of upstreams) u.agent.destroy();
});
