import type { Endpoint } from '@eisteddfod/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  definedEndpoints,
  idOf,
  kindOf,
  GUID,
  OUTSIDE_DEFINITIONS,
  queryParams,
  registeredRoutes,
  walkOf,
  type IdKind,
  type Route,
  type Walk,
} from './row-scope.routes.ts';
import type { Party } from './row-scope.world.ts';
import type { TestApp } from './test-app.ts';

// The requests of the row-scope walk (row-scope.test.ts), and how an answer is judged.

export interface Walked extends Route {
  walk: Walk;
  endpoint: Endpoint | undefined;
  /** The route's parameters, path then query, with the kind of id each names. */
  params: { name: string; kind: IdKind; inQuery: boolean }[];
}

/** Every registered route, placed; those the walk cannot place are returned by name. */
export function placeRoutes(t: TestApp): { walked: Walked[]; unplaced: string[] } {
  const endpoints = definedEndpoints();
  const walked: Walked[] = [];
  const unplaced: string[] = [];
  for (const route of registeredRoutes(t.app)) {
    const endpoint = endpoints.get(`${route.method} ${route.path.toLowerCase()}`);
    const walk = walkOf(endpoint?.access, OUTSIDE_DEFINITIONS[route.path]);
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    const params: Walked['params'] = [];
    for (const [name, inQuery] of [
      ...names.map((n) => [n, false] as const),
      ...queryParams(endpoint).map((n) => [n, true] as const),
    ]) {
      const kind = kindOf(route.path, name);
      if (kind) params.push({ name, kind, inQuery });
      // A query's paging, search and flags name no rows; a path's parameter always does.
      else if (!inQuery) unplaced.push(`${route.method} ${route.path}: :${name}`);
    }
    if (!walk) unplaced.push(`${route.method} ${route.path}: no definition, not listed`);
    else walked.push({ ...route, walk, endpoint, params });
  }
  return { walked, unplaced };
}

const learner = { firstName: 'Changed', surname: 'Changed', grade: '5', gender: 'female' };

/**
 * Bodies that name another party's rows, or are whole enough to pass validation (a write
 * refused only for its body's shape would prove nothing), by `METHOD path`. Other writes are
 * sent `{}`, and a 400 to one is counted and reported as "refused by validation only".
 */
const BODIES: Record<string, (p: Party, itemId: number) => unknown> = {
  // Ids in the body only: a cart for another account, a video collection for another's entry.
  'POST /api/orders': (p) => ({ customerId: p.customerId, orderItems: [] }),
  'POST /api/uploads/collection': (p) => ({ name: String(p.orderItemId) }),
  'POST /api/orders/:id/orderitems': (p, itemId) => ({ itemId, participantProfileId: p.profileId }),
  'POST /api/orders/:id/order-items': (p, itemId) => ({
    itemId,
    participantProfileId: p.profileId,
  }),
  'PUT /api/orderitems/:id': () => ({}),
  'POST /api/orderitems/:id/updategroupparticipants': () => [],
  'POST /api/orderitems/:id/update-group-participants': () => [],
  'PUT /api/customers/:id/participant-profile': (p) => ({
    id: p.profileId,
    ...learner,
    school: 'Other School',
    acceptedTermsAndConditions: true,
    acceptedHonourPledge: true,
  }),
  'POST /api/customers/:id/classes/:membershipId/learners': () => ({
    ...learner,
    schoolConsentDeclared: true,
  }),
  'PUT /api/customers/:id/classes/:membershipId/learners/:learnerId': () => learner,
  'POST /api/customers/:id/classes/:membershipId/classlist/commit': () => ({
    schoolConsentDeclared: true,
    rows: [{ row: 2, ...learner, parentEmail: '', parentMobile: '' }],
  }),
  'POST /api/orderitems/:id/orderitemuploads': () => ({
    fileName: 'changed.mp4',
    originalFileName: 'changed.mp4',
    uploadType: 2,
    sizeInBytes: 1,
    videoId: GUID,
  }),
  'PUT /api/staff/marking/:orderItemId': () => ({ scores: [], comment: '', submit: false }),
  'POST /api/customers/:id/classes/:membershipId/entries': (p, itemId) => ({
    add: [{ learnerId: p.profileId, itemId }],
    remove: [p.orderItemId],
  }),
};

/** A signed link's query (media, pictures, certificates) and a pay page's reference, forged. */
const FORGED = { expires: '4102444800', signature: 'forged', ref: 'forged' };

/** Whether the walk sends `route` a body that names a party's rows. */
export const bodyNamesRows = (route: Route) => `${route.method} ${route.path}` in BODIES;

/**
 * The request for `route` as `auth` makes it, each id taken from `whose(kind)`'s rows, and the
 * body (when the route has one) naming `bodyOf`'s.
 */
export function request(
  t: TestApp,
  route: Walked,
  auth: { authorization: string } | undefined,
  whose: (kind: IdKind) => Party,
  bodyOf: Party,
  itemId: number,
): InjectOptions {
  let url = route.path.replace('*', 'index.html');
  const query = new URLSearchParams();
  for (const p of route.params) {
    const value = idOf(whose(p.kind), p.kind, p.name, t.eventId);
    if (p.inQuery) query.set(p.name, decodeURIComponent(value));
    else url = url.replace(`:${p.name}`, value);
  }
  // A signed route is sent a signature, forged, so that it is the signature it refuses.
  if (route.walk === 'signed')
    for (const [name, value] of Object.entries(FORGED))
      if (!query.has(name)) query.set(name, value);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = BODIES[`${route.method} ${route.path}`];
  return {
    method: route.method as InjectOptions['method'],
    url: query.size ? `${url}?${query}` : url,
    headers: auth ?? {},
    ...(hasBody ? { payload: (body ? body(bodyOf, itemId) : {}) as object } : {}),
  };
}

/** The party's marks (names) that an answer carries. */
export const shows = (res: LightMyRequestResponse, party: Party) =>
  party.marks.filter((m) => res.body.includes(m));

/** An answer that is a list, and empty. */
function isEmptyList(res: LightMyRequestResponse): boolean {
  if (!String(res.headers['content-type']).includes('json')) return false;
  const body: unknown = res.json();
  if (Array.isArray(body)) return body.length === 0;
  const fields = (body ?? {}) as { items?: unknown; learners?: unknown };
  const list = fields.items ?? fields.learners;
  return Array.isArray(list) && list.length === 0;
}

/** What the walk found, to report at the end of each test. */
export const found = { failures: [] as string[], validationOnly: new Set<string>() };

/**
 * `res` must refuse `victim`'s rows: an error, an empty list, or a batch that wrote nothing
 * (class entries answer 200 with the rows they refused). Never the victim's names.
 */
export function expectRefused(label: string, res: LightMyRequestResponse, victim: Party) {
  const seen = shows(res, victim);
  if (seen.length) return void found.failures.push(`${label}: shows ${seen.join(', ')}`);
  if (res.statusCode === 400) return void found.validationOnly.add(label.split(' as ')[0]!);
  if (res.statusCode >= 400 || isEmptyList(res)) return;
  if (/"written":false/.test(res.body)) return;
  found.failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
}
