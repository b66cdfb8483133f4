import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LogSink } from './instances.ts';

interface Upstream {
  name: string;
  port: number;
}

/** One request as the proxy passed it on: to which instance, and how it went. */
export interface ProxiedRequest {
  method: string;
  path: string;
  instance: string;
  /** The instance's status, or 502 when it could not be reached. */
  status: number;
}

/**
 * A round-robin load balancer on loopback, as in front of the instances in production: each
 * request goes to the next instance in rotation, strictly in turn, so consecutive requests of one
 * client land on different instances; bodies stream both ways. It tells the instances who the
 * client is in X-Forwarded-For (its socket's address), as a load balancer does, so the
 * instances (TRUST_PROXY=1) count rate limits per client, not per proxy.
 *
 * A passive health check: when an instance cannot be reached (refused, or the connection dropped,
 * as when it was killed), that request is answered 502 and the instance is taken out of rotation
 * until `restore` puts it back. The client retries, as tus clients do.
 */
export async function startRoundRobinProxy(upstreams: Upstream[], log: LogSink) {
  const rotation = [...upstreams];
  const requests: ProxiedRequest[] = [];
  let turn = 0;

  const server = createServer((req, res) => {
    const target = rotation[turn++ % rotation.length];
    if (!target) {
      res.writeHead(503).end('No instance in rotation');
      return;
    }
    const record: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      instance: target.name,
      status: 0,
    };
    requests.push(record);
    const upstream = request({
      host: '127.0.0.1',
      port: target.port,
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        'x-forwarded-for': req.socket.remoteAddress ?? '',
        'x-forwarded-proto': 'http',
      },
      agent: false,
    });
    upstream.on('response', (answer) => {
      record.status = answer.statusCode ?? 0;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      const index = rotation.indexOf(target);
      if (index >= 0) rotation.splice(index, 1);
      log(`proxy: ${target.name} failed (${err.code ?? err.message}) on ${req.method} ${req.url}`);
      record.status = 502;
      req.unpipe(upstream);
      req.resume();
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { connection: 'close' }).end(`${target.name} is unreachable`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every request so far, in the order they arrived. */
    requests,
    /** The instances now in rotation. */
    inRotation: () => rotation.map((u) => u.name),
    /** The instance the next request will go to. */
    next: () => rotation[turn % rotation.length]?.name,
    /** Puts an instance (back) into rotation, after the others. */
    restore(name: string) {
      const upstream = upstreams.find((u) => u.name === name);
      if (upstream && !rotation.includes(upstream)) rotation.push(upstream);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
