import { randomInt } from 'node:crypto';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json<T>(): T;
}

/**
 * One person's device talking to the site through the load balancer, as the web app does: its
 * own client address (a loopback address of its own, 127.x.y.z, which Linux routes without set-up,
 * so each family, adjudicator and organiser counts against their own rate limits), the cookies
 * the site sets, and the session token once signed in. One connection per request, so the
 * balancer's rotation decides each request's instance.
 */
export class Client {
  readonly address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  token: string | undefined;
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  /** Any request; the answer whatever its status. `body` is sent as is, `json` as JSON. */
  send(
    method: string,
    path: string,
    options: { json?: unknown; body?: Buffer; headers?: OutgoingHttpHeaders } = {},
  ): Promise<Answer> {
    const url = new URL(path, this.origin);
    // The session and cookies go to the site only, as a browser's would (not to the bucket).
    const site = url.origin === this.origin;
    const body =
      options.json === undefined ? options.body : Buffer.from(JSON.stringify(options.json));
    const headers: OutgoingHttpHeaders = {
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(site && this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...(site && this.cookies.size
        ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
        : {}),
      ...(body ? { 'content-length': body.length } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers,
          localAddress: this.address,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            for (const cookie of res.headers['set-cookie'] ?? []) {
              const [pair = ''] = cookie.split(';');
              const split = pair.indexOf('=');
              const [name, value] = [pair.slice(0, split).trim(), pair.slice(split + 1).trim()];
              if (value) this.cookies.set(name, value);
              else this.cookies.delete(name);
            }
            const data = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: data,
              text: () => data.toString(),
              json: <T>() => JSON.parse(data.toString()) as T,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /**
   * A GET that follows redirects, as a browser does (a file link may send it on to the bucket's
   * own signed address); redirects elsewhere go there from this client's address too.
   */
  async fetch(path: string): Promise<Answer> {
    let url = new URL(path, this.origin).href;
    for (let hops = 0; ; hops++) {
      const answer = await this.send('GET', url);
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status > 399 || !location || hops === 5) return answer;
      url = new URL(location, url).href;
    }
  }

  /** An API call that must succeed (2xx); its JSON answer, if any. */
  async call<T = unknown>(method: string, path: string, json?: unknown): Promise<T> {
    const answer = await this.send(method, path, { json });
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path}: ${answer.status} ${answer.text()}`);
    }
    return (answer.body.length ? answer.json<T>() : undefined) as T;
  }
}
