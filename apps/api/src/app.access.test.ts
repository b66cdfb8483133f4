import * as shared from '@eisteddfod/shared';
import { can, type Endpoint } from '@eisteddfod/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from './lib/tokens.ts';
import { createStaff } from './modules/adjudication/adjudication.test-helpers.ts';
import { createFamily } from './test/family.ts';
import { createTestApp, PRODUCTION_ENV, TEST_AUTH_SECRET, type TestApp } from './test/test-app.ts';

/**
 * Deny by default (issue 13, "Authentication before validation"): every route that is not on
 * the list below answers a caller without a valid session with the spec's 401, whatever the
 * body, query or path, before anything is parsed or validated. A new route is therefore either
 * guarded or added here on purpose.
 */
const ANONYMOUS: string[] = [
  // Health, the API's documentation and the local run's outbox.
  'GET /healthz',
  'GET /readyz',
  // The operator's figures: the bearer METRICS_TOKEN, else no such address (decision 039).
  'GET /metrics',
  'GET /api/docs*',
  'GET /api/dev/outbox',
  'GET /dev/outbox',
  'GET /dev/outbox.css',
  // The test clock: a server with NODE_ENV=test only (decision 026).
  'GET /api/dev/clock',
  'POST /api/dev/clock',
  // The catalogue, the event's content and the public documents.
  'GET /api/config',
  'GET /api/content',
  'GET /api/reference',
  'GET /api/eisteddfods*',
  'GET /api/documents*',
  // The gala page's results, after their release (decision 026).
  'GET /api/gala',
  // Pictures organisers uploaded for the public site (decision 017).
  'GET /api/site-images/:name',
  'POST /api/support-tickets',
  // Registering and logging in; the pin check is answered without a login (decision 004).
  'GET /api/customers/search',
  'GET /api/authentication',
  'POST /api/customers',
  'POST /api/customers/customeranduser',
  'POST /api/authentication/register',
  'POST /api/authentication/silentlogin',
  'POST /api/authentication/login',
  'PUT /api/customers/:id/email-one-time-pin',
  'PUT /api/customers/:id/whatsapp-one-time-pin',
  // A parent's invitation: its secret token is the permission; accepting needs a session
  // (decision 063).
  'GET /api/parentinvitations/:token',
  // Certificates are checked by anyone holding one.
  'GET /api/certificates/verify/:code',
  'GET /certificates/verify/:code',
  // Calls that carry their own permission: signed links, the pay pages' signed reference, the
  // providers' signed notifications, and the tus upload's signed headers.
  'GET /api/certificates/:id/file',
  'GET /api/files/:fileId/picture',
  'GET /media/uploads/:id',
  'GET /media/play/:id',
  'GET /media/posters/:id',
  'GET /media/thumbnails/:id',
  'GET /api/payments/pay.css',
  'GET /api/payments/autosubmit.js',
  'GET /api/payments/sandbox/:orderId',
  'POST /api/payments/sandbox/:orderId/pay',
  'POST /api/payments/sandbox/:orderId/cancel',
  'POST /api/payments/sandbox/notify',
  'GET /api/payments/payfast/:orderId',
  'POST /api/payments/payfast/notify',
  '* /api/tus',
  '* /api/tus/:id',
];

const isAnonymous = (method: string, path: string) =>
  ANONYMOUS.some((entry) => {
    const [m = '', p = ''] = entry.split(' ');
    if (m !== '*' && m !== method) return false;
    return p.endsWith('*') ? path.startsWith(p.slice(0, -1)) : path === p;
  });

interface Route {
  method: string;
  /** As the router prints it: lower case (matching ignores case), with `:param`s. */
  path: string;
}

/**
 * Every route the app registered, read from the router itself (`printRoutes`), so that a route
 * is checked whether or not it declares anything.
 */
function registeredRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, path });
    }
  }
  return routes;
}

const EXPIRED_SESSION = {
  statusCode: 401,
  code: 'UNAUTHORISED',
  message: 'Session has expired. Please login again',
};

/** Requests that a guarded route must refuse with 401 before it looks at them. */
function invalidRequests(route: Route, authorization: string | undefined): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const headers = authorization ? { authorization } : {};
  const withParams = (value: string) => route.path.replace(/:[A-Za-z]+/g, value);
  const query = '?id=x&orderItemId=-1&uploadId=abc&pin=x&to=&sendWhatsAppConfirmation=perhaps';
  const requests: InjectOptions[] = [
    // Path ids of the wrong type, beyond any integer column, and no query at all.
    { method, url: withParams('x'), headers },
    { method, url: withParams('99999999999999999999'), headers },
    { method, url: withParams('1') + query, headers },
  ];
  if (route.method !== 'GET') {
    for (const [contentType, payload] of [
      ['application/json', '{"firstName": "Thandi", '],
      ['application/json', '"a string"'],
      ['application/json', '[1, {"scores": "none"}]'],
      ['multipart/form-data', '--x\r\ncontent-disposition: form-data; name="file"\r\n'],
      ['text/plain', 'nothing this API reads'],
    ] as const) {
      requests.push({
        method,
        url: withParams('1'),
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    }
  }
  return requests;
}

/** The app's routes, on the test settings and on production's (PayFast, no dev tools). */
const apps: TestApp[] = [];
let routes: Route[] = [];
beforeAll(async () => {
  apps.push(await createTestApp(), await createTestApp({ env: PRODUCTION_ENV }));
}, 120_000);
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('deny by default', () => {
  it('finds the routes of both configurations', () => {
    routes = apps.flatMap((t) =>
      registeredRoutes(t.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS'),
    );
    // A sample from each kind, so that a broken reading of the router cannot pass as empty.
    const seen = routes.map((r) => `${r.method} ${r.path}`);
    expect(seen).toContain('PUT /api/customers/:id');
    expect(seen).toContain('DELETE /api/staff/adjudicators/:id/assignments/:assignmentId');
    expect(seen).toContain('POST /api/payments/payfast/notify');
    expect(seen).toContain('GET /api/dev/outbox');
  });

  it('answers 401 to every guarded call without a valid session, whatever its input', async () => {
    const t = apps[0];
    if (!t) throw new Error('no app');
    // A session that ended: signed with the server's secret, expired by the app's clock.
    const longAgo = createTokenService(TEST_AUTH_SECRET, () => Date.parse('2024-01-01'));
    const expired = (await longAgo.issue({ customerId: 1, scope: 'session' }, 3600)).token;
    const guarded = routes.filter((r) => !isAnonymous(r.method, r.path));
    expect(guarded.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const app of apps) {
      for (const route of guarded) {
        for (const authorization of [
          undefined,
          'Bearer not-a-token',
          `Bearer ${expired}`,
          'Basic dXNlcjpwYXNz',
        ]) {
          for (const request of invalidRequests(route, authorization)) {
            const res = await app.app.inject(request);
            const body = String(res.headers['content-type']).includes('json')
              ? res.json()
              : res.body;
            if (
              res.statusCode !== 401 ||
              JSON.stringify(body) !== JSON.stringify(EXPIRED_SESSION)
            ) {
              const type = (request.headers as Record<string, string>)['content-type'] ?? '';
              failures.push(
                `${request.method} ${request.url} ${type} (${authorization ?? 'no token'}): ` +
                  `${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('staff routes for a family', () => {
  it('answer exactly as a call that does not exist', async () => {
    const t = apps[0];
    if (!t) throw new Error('no app');
    const family = await createFamily(t);
    const staffRoutes = routes.filter((r) => r.path.startsWith('/api/staff'));
    expect(staffRoutes.length).toBeGreaterThan(15);
    const differences: string[] = [];
    for (const route of staffRoutes) {
      for (const payload of [undefined, '{"scores": [', '{"scores": []}']) {
        const request = (url: string): InjectOptions => ({
          method: route.method as InjectOptions['method'],
          url,
          headers: {
            ...family.auth,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        const staff = await t.app.inject(request(route.path.replace(/:[A-Za-z]+/g, '1')));
        const missing = await t.app.inject(request('/api/staff/no-such-call'));
        const answer = (r: typeof staff) => `${r.statusCode} ${r.body}`;
        if (answer(staff) !== answer(missing)) {
          differences.push(`${route.method} ${route.path}: ${answer(staff)} vs ${answer(missing)}`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

/** Every endpoint defined in packages/shared (the `*Api` objects, nested ones too). */
function definedEndpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    if ('method' in value && 'path' in value && 'access' in value) {
      found.push(value as Endpoint);
      return;
    }
    Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(shared)) if (name.endsWith('Api')) walk(value);
  return found;
}

describe('organiser routes for an adjudicator', () => {
  it('answer 403, whatever the input', async () => {
    const t = apps[0];
    if (!t) throw new Error('no app');
    const adjudicator = await createStaff(t, 'adjudicator');
    const organiserOnly = definedEndpoints().filter(
      (e) => typeof e.access === 'object' && !can('adjudicator', e.access.staff),
    );
    // A sample, so that a broken walk of the definitions cannot pass as empty.
    expect(organiserOnly.length).toBeGreaterThan(40);
    expect(organiserOnly.map((e) => e.path)).toContain('/api/Staff/Members/:id/Deactivate');
    const refused: string[] = [];
    for (const endpoint of organiserOnly) {
      for (const payload of [undefined, '{}']) {
        const res = await t.app.inject({
          method: endpoint.method as InjectOptions['method'],
          url: endpoint.path.replace(/:[A-Za-z]+/g, '1'),
          headers: {
            ...adjudicator.auth,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        if (res.statusCode !== 403)
          refused.push(`${endpoint.method} ${endpoint.path}: ${res.statusCode}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
