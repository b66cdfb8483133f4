import { can, REMINDER_KINDS } from '@eisteddfod/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRows, idOf, type IdKind } from './row-scope.routes.ts';
import {
  bodyNamesRows,
  expectRefused,
  found,
  placeRoutes,
  request,
  shows,
  type Walked,
} from './row-scope.requests.ts';
import { buildWorld, type Caller, type Party, type World } from './row-scope.world.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 35, "Done means": one walk over every route the app registers, with each kind of
 * caller, filling the route's ids with another party's (decision 061: a teacher never sees
 * another teacher's learner, a coordinator sees their school only, a parent only their
 * children; decision 056: staff routes are no route at all for families and teachers, and
 * adjudicators get only marking). With the caller's own ids the reads succeed where they
 * should, so the walk cannot pass by everything failing.
 */
let t: TestApp;
let w: World;
let walked: Walked[] = [];
let calls = 0;
/** The walk takes well under a minute alone; two cores shared with other work take longer. */
const WALK_TIMEOUT = 180_000;

beforeAll(async () => {
  const started = Date.now();
  t = await createTestApp();
  w = await buildWorld(t);
  console.log(`row scope: the app and its world in ${Date.now() - started} ms`);
}, 120_000);
afterAll(() => t?.close());

/** `former`: a family account whose membership is ended or still a request (no reach). */
type CallerKind = 'parent' | 'teacher' | 'coordinator' | 'former' | 'adjudicator' | 'organiser';

interface Relation {
  caller: Caller;
  kind: CallerKind;
  /** Parties whose rows the caller must never reach. */
  foreign: Party[];
  /** Parties whose class the caller may read (a coordinator's school), and nothing else. */
  readable: Party[];
}

/**
 * Who calls, and whose rows each must not reach: A1, A2, AC and the two without reach are school
 * A's (an ended class's learners leave the coordinator's sight); B1 is B's.
 */
const relations = (): Relation[] => [
  { caller: w.P, kind: 'parent', foreign: [w.Q, w.A1], readable: [] },
  { caller: w.A1, kind: 'teacher', foreign: [w.A2, w.AC, w.B1, w.P, w.ended], readable: [] },
  { caller: w.A2, kind: 'teacher', foreign: [w.A1], readable: [] },
  {
    caller: w.AC,
    kind: 'coordinator',
    foreign: [w.B1, w.P, w.ended, w.asking],
    readable: [w.A1, w.A2],
  },
  { caller: w.B1, kind: 'teacher', foreign: [w.A1, w.AC], readable: [] },
  { caller: w.ended, kind: 'former', foreign: [w.A1, w.AC], readable: [] },
  { caller: w.asking, kind: 'former', foreign: [w.A1, w.A2, w.AC], readable: [] },
  { caller: w.adjudicator, kind: 'adjudicator', foreign: [w.P], readable: [] },
  { caller: w.organiser, kind: 'organiser', foreign: [w.P], readable: [] },
];

const key = (r: Walked) => `${r.method} ${r.path}`;
const isClassRoute = (r: Walked) => /\/(classes|teachingschools)\//.test(r.path);
const ok = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

/** The class reads a coordinator makes of their school's other classes (decision 061). */
const COORDINATOR_READS = new Set([
  'GET /api/customers/:id/classes/:membershipId',
  'GET /api/customers/:id/classes/:membershipId/entries',
  'GET /api/customers/:id/teachingschools/:schoolId/learners',
  // The parents' states and the statements of the school's classes (decisions 063, 066).
  'GET /api/customers/:id/classes/:membershipId/parents',
  'GET /api/customers/:id/classes/:membershipId/statement',
]);

/**
 * A coordinator's files of the school's other classes, by the status they answer in the world:
 * the PDF of their own order (the mixed call's order is the caller's: another teacher's invoice
 * is refused, school-statements.routes.test.ts), and the results pack, not released there.
 */
const COORDINATOR_FILES: Record<string, number> = {
  'GET /api/customers/:id/classes/:membershipId/statement/:orderId/pdf': 200,
  // The school's statement, through any class of the school (school-pdf.routes.test.ts reads it).
  'GET /api/customers/:id/classes/:membershipId/statement/pdf': 200,
  'GET /api/customers/:id/classes/:membershipId/results.csv': 409,
  'GET /api/customers/:id/classes/:membershipId/certificates.zip': 409,
};

/** Reads whose answer with the caller's own ids must carry their own child's or learner's name. */
const SHOWS_OWN = new Set([
  'GET /api/customers/:id/participant-profiles',
  'GET /api/customers/:id/participantprofiles',
  'GET /api/orders/:id',
  'GET /api/orderitems/participantorderitems',
  'GET /api/customers/:id/classes/:membershipId',
  'GET /api/customers/:id/classes/:membershipId/entries',
  'GET /api/customers/:id/classes/:membershipId/grid',
]);

/** The status a read with the caller's own ids answers: 200-ish, or the refusal that is right. */
function ownStatus(route: Walked, kind: CallerKind): 'ok' | 'skip' | number {
  // The world's orders are paid: a payment link for one is refused (409 ALREADY_PAID).
  if (/paymentlink|payment-link/.test(route.path)) return 409;
  // A video collection is the video host's, by a guid no row of the world names.
  if (route.params.some((p) => p.kind === 'guid')) return 'skip';
  if (!isClassRoute(route)) return 'ok';
  // A family has no class of its own: a class's id is always another's (403 NOT_A_TEACHER,
  // walked as the mixed variant above).
  if (kind === 'parent') return 'skip';
  // Their own class, ended or never approved: no reach at all (403 NOT_A_TEACHER).
  if (kind === 'former') return 403;
  // The world's results are not released: the class's results pack is refused (decision 067).
  if (/\/(results\.csv|certificates\.zip)$/.test(route.path)) return 409;
  if (kind === 'teacher' && route.path.includes('/teachingschools/')) return 404; // Not a coordinator.
  // The school's statement is its coordinator's: a teacher is told so (decision 066).
  if (kind === 'teacher' && route.path.endsWith('/statement/pdf')) return 403;
  return 'ok';
}

async function send(
  route: Walked,
  caller: Caller | undefined,
  whose: (k: IdKind) => Party,
  bodyOf: Party,
  query?: string,
) {
  calls++;
  const req = request(t, route, caller?.auth, whose, bodyOf, w.itemId);
  if (query) req.url = `${String(req.url)}${String(req.url).includes('?') ? '&' : '?'}${query}`;
  return t.app.inject(req);
}

/** Queries an organiser's read needs that name no rows (a filter's value), by route. */
const ORGANISER_QUERIES: Record<string, string> = {
  'GET /api/staff/reminders/preview': `kind=${REMINDER_KINDS[0]}&channels=email`,
};

/** Kinds that say whose account a call is on: the caller's own in the mixed variant. */
const OWNER_KINDS = new Set<IdKind>(['customer', 'email', 'order']);

/**
 * Sends `route` as `rel.caller` and records any name of a party foreign to the caller in the
 * answer, whoever's ids the call named: a list must not carry a stranger's row either.
 */
async function ask(
  rel: Relation,
  route: Walked,
  whose: (k: IdKind) => Party,
  bodyOf: Party,
  label: string,
) {
  const res = await send(route, rel.caller, whose, bodyOf);
  for (const v of rel.foreign)
    if (shows(res, v).length) found.failures.push(`${label}: shows ${shows(res, v).join(', ')}`);
  return res;
}

async function walkFamilyRoute(route: Walked, rel: Relation) {
  const { caller } = rel;
  const label = (v: Party, variant: string) =>
    `${key(route)} as ${caller.name} with ${v.name}'s ids (${variant})`;
  const kinds = route.params.map((p) => p.kind).filter((k) => k !== 'neutral' && k !== 'guid');
  if (kinds.length === 0) {
    // Another party's ids in the body only.
    if (bodyNamesRows(route))
      for (const v of rel.foreign)
        expectRefused(
          label(v, 'body'),
          await ask(rel, route, () => caller, v, label(v, 'body')),
          v,
        );
    // Nothing of a party in the call: the answer is the caller's own (walkOwn checks it).
    return walkOwn(route, rel, true);
  }
  const mixed = kinds.some((k) => !OWNER_KINDS.has(k)) || bodyNamesRows(route);
  const mayMix = hasRows(
    caller,
    kinds.filter((k) => OWNER_KINDS.has(k)),
  );
  const victims = [...rel.foreign, ...rel.readable].filter((v) => hasRows(v, kinds));
  for (const [n, v] of victims.entries()) {
    // Another account's id in the path is refused by the access hook before any row is read
    // (plugins/access.ts): once per caller is enough for that.
    if (n === 0 || !kinds.includes('customer'))
      expectRefused(label(v, 'all'), await ask(rel, route, () => v, v, label(v, 'all')), v);
    if (!mixed || !mayMix) continue;
    // The caller's own account (or cart) with the other party's rows in it: the real test.
    const whose = (k: IdKind) => (OWNER_KINDS.has(k) ? caller : v);
    const res = await ask(rel, route, whose, v, label(v, 'mixed'));
    const file = COORDINATOR_FILES[key(route)];
    if (rel.readable.includes(v) && file !== undefined) {
      if (res.statusCode !== file)
        found.failures.push(`${label(v, 'mixed')}: a coordinator's file: ${res.statusCode}`);
    } else if (rel.readable.includes(v) && COORDINATOR_READS.has(key(route))) {
      if (!ok(res) || shows(res, v).length === 0)
        found.failures.push(`${label(v, 'mixed')}: a coordinator's read: ${res.statusCode}`);
    } else if (!sameRows(route, caller, v)) expectRefused(label(v, 'mixed'), res, v);
  }
  return walkOwn(route, rel, false);
}

/**
 * Whether the mixed call names only rows the caller shares with `v` (their school, for two
 * members of school A): then it is the caller's own read, and `ask` alone checks that none of
 * `v`'s names are in it.
 */
function sameRows(route: Walked, caller: Party, v: Party): boolean {
  return route.params
    .filter((p) => p.kind !== 'neutral' && p.kind !== 'guid' && !OWNER_KINDS.has(p.kind))
    .every((p) => idOf(caller, p.kind, p.name, t.eventId) === idOf(v, p.kind, p.name, t.eventId));
}

/** A read with the caller's own ids succeeds where it should, and shows their own rows. */
async function walkOwn(route: Walked, rel: Relation, always: boolean) {
  const { caller } = rel;
  const staff = rel.kind === 'adjudicator' || rel.kind === 'organiser';
  if (!always && (route.method !== 'GET' || staff)) return;
  const expected = ownStatus(route, rel.kind);
  if (expected === 'skip') return;
  const label = `${key(route)} as ${caller.name}, own ids`;
  const own = await ask(rel, route, () => caller, caller, label);
  if (route.method !== 'GET' || staff) return;
  if (expected === 'ok' ? !ok(own) : own.statusCode !== expected)
    found.failures.push(`${label}: ${own.statusCode} ${own.body.slice(0, 120)}`);
  else if (ok(own) && SHOWS_OWN.has(key(route)) && shows(own, caller).length === 0)
    found.failures.push(`${label}: none of their names`);
}

/** Families and teachers: no such route. Adjudicators: 403 but for marking. Organisers: any. */
async function walkStaffRoute(route: Walked, rel: Relation) {
  const access = route.endpoint?.access;
  if (typeof access !== 'object') throw new Error(`${key(route)} is not a staff route`);
  const label = `${key(route)} as ${rel.caller.name}`;
  const role = rel.kind === 'organiser' || rel.kind === 'adjudicator' ? rel.kind : undefined;
  if (role && !can(role, access.staff)) {
    const res = await send(route, rel.caller, () => w.Q, w.Q);
    if (res.statusCode !== 403) found.failures.push(`${label}: ${res.statusCode}, not 403`);
  } else if (role === 'organiser') {
    // A read by a random key (a statement's reference) has nothing of the world to find.
    if (route.method !== 'GET' || route.params.some((p) => p.kind === 'guid')) return;
    // Every row of every school: A1's ids answer (a check that the ids fill the routes).
    const res = await send(route, rel.caller, () => w.A1, w.A1, ORGANISER_QUERIES[key(route)]);
    if (!ok(res)) found.failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
  } else if (role === 'adjudicator') {
    // Q's entry is in a section the adjudicator was not assigned.
    const res = await send(route, rel.caller, () => w.Q, w.Q);
    if (route.params.some((p) => p.kind !== 'neutral'))
      expectRefused(`${label} with Q's ids`, res, w.Q);
    else if (shows(res, w.Q).length) found.failures.push(`${label}: shows ${shows(res, w.Q)}`);
  } else {
    const res = await send(route, rel.caller, () => rel.foreign[0]!, rel.foreign[0]!);
    if (res.statusCode !== 404 || !res.body.includes('ROUTE_NOT_FOUND'))
      found.failures.push(`${label}: ${res.statusCode}, not a route that does not exist`);
  }
}

describe('row scope over every route (issue 35)', () => {
  it('places every route the app registered', () => {
    const placed = placeRoutes(t);
    walked = placed.walked;
    expect(placed.unplaced).toEqual([]);
    // A sample of each kind, so that a broken reading of the router cannot pass as empty.
    const seen = walked.map((r) => `${r.walk} ${key(r)}`);
    expect(seen).toContain('family GET /api/customers/:id/classes/:membershipId');
    expect(seen).toContain('staff GET /api/staff/families/:id');
    expect(seen).toContain('signed PATCH /api/tus/:id');
    expect(seen).toContain('signed GET /media/uploads/:id');
    expect(walked.length).toBeGreaterThan(150);
  });

  it(
    'family and teacher routes: never another party’s rows, and the own rows where they should',
    async () => {
      const started = Date.now();
      const family = walked.filter((r) => r.walk === 'family');
      // Deletions last, so that one that wrongly succeeds cannot hide a read behind it.
      const ordered = [
        ...family.filter((r) => r.method !== 'DELETE'),
        ...family.filter((r) => r.method === 'DELETE'),
      ];
      for (const route of ordered) for (const rel of relations()) await walkFamilyRoute(route, rel);
      console.log(
        `family routes: ${family.length} routes, ${calls} calls in ${Date.now() - started} ms`,
      );
      expect([...new Set(found.failures)]).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'staff routes: no such route for families and teachers; adjudicators mark only their own',
    async () => {
      found.failures.length = 0;
      const staff = walked.filter((r) => r.walk === 'staff');
      for (const route of staff) for (const rel of relations()) await walkStaffRoute(route, rel);
      expect([...new Set(found.failures)]).toEqual([]);
      // The marking list is the adjudicator's assigned section only: P's entry, never Q's.
      const list = await t.app.inject({ url: '/api/Staff/Marking', headers: w.adjudicator.auth });
      const ids = list.json<{ orderItemId: number }[]>().map((e) => e.orderItemId);
      expect(ids).toContain(w.P.orderItemId);
      expect(ids).not.toContain(w.Q.orderItemId);
    },
    WALK_TIMEOUT,
  );

  it(
    'public, signed and outside routes: without a session, another party’s ids open nothing',
    async () => {
      found.failures.length = 0;
      for (const route of walked.filter((r) => r.walk !== 'family' && r.walk !== 'staff')) {
        for (const v of [w.P, w.A1]) {
          const res = await send(route, undefined, () => v, v);
          const label = `${route.walk} ${key(route)} with ${v.name}'s ids`;
          if (route.walk === 'signed') expectRefused(label, res, v);
          else if (shows(res, v).length) found.failures.push(`${label}: shows ${shows(res, v)}`);
        }
      }
      expect([...new Set(found.failures)]).toEqual([]);
      console.log(
        `${calls} calls; answered 400 to another party’s ids (a body of {} may be refused before whose rows it names is checked):\n  ${[...found.validationOnly].join('\n  ')}`,
      );
    },
    WALK_TIMEOUT,
  );
});
