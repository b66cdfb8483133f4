import * as shared from '@eisteddfod/shared';
import type { Access, Endpoint } from '@eisteddfod/shared';
import type { FastifyInstance } from 'fastify';
import type { Party } from './row-scope.world.ts';

// What the row-scope walk (row-scope.test.ts) knows of a route: who may call it, and which
// party's rows each of its parameters names. A route or a parameter it cannot place fails the
// walk with its name, so a route added later is walked or explained, never skipped.

export interface Route {
  method: string;
  /** As the router prints it: lower case (matching ignores case), with `:param`s. */
  path: string;
}

/**
 * Every route the app registered, read from the router itself (`printRoutes`, as
 * app.access.test.ts reads it), whether or not it came through an endpoint definition.
 */
export function registeredRoutes(app: FastifyInstance): Route[] {
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
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
    }
  }
  return routes;
}

/** Every endpoint defined in packages/shared, by `METHOD path` in lower case, aliases too. */
export function definedEndpoints(): Map<string, Endpoint> {
  const found = new Map<string, Endpoint>();
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    if ('method' in value && 'path' in value && 'access' in value) {
      const e = value as Endpoint;
      for (const p of [e.path, ...(e.aliases ?? [])])
        found.set(`${e.method} ${p.toLowerCase()}`, e);
      return;
    }
    Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(shared)) if (name.endsWith('Api')) walk(value);
  return found;
}

/**
 * Routes that come through no endpoint definition, and why they are walked as they are. Each is
 * called without a session, with another party's ids where it takes one.
 */
export const OUTSIDE_DEFINITIONS: Record<string, 'signed' | 'not rows'> = {
  // Swagger UI and the OpenAPI document: the API's shape, no rows.
  '/api/docs': 'not rows',
  '/api/docs/static/index.html': 'not rows',
  '/api/docs/static/swagger-initializer.js': 'not rows',
  '/api/docs*': 'not rows',
  '/api/docs/json': 'not rows',
  '/api/docs/yaml': 'not rows',
  // The operator's figures (bearer METRICS_TOKEN, else no such address; decision 039): counts.
  '/metrics': 'not rows',
  // tus: the upload's signed headers are its permission (decision 010's named exception).
  '/api/tus': 'signed',
  '/api/tus/:id': 'signed',
  // An entry's files and their pages: signed links only (the id is the upload's).
  '/media/uploads/:id': 'signed',
  '/media/play/:id': 'signed',
  '/media/posters/:id': 'signed',
  '/media/thumbnails/:id': 'signed',
  // A certificate's public check page: its code is the permission (as /api/Certificates/Verify).
  '/certificates/verify/:code': 'signed',
};

/** The kinds of id a parameter names: a party's row, or something that belongs to no party. */
export type IdKind =
  | 'customer'
  | 'email'
  | 'profile'
  | 'order'
  | 'entry'
  | 'upload'
  | 'fileName'
  | 'class'
  | 'school'
  | 'guid'
  | 'neutral';

/** `:id` by the path it begins: whose id it is depends on the resource. */
const ID_BY_PREFIX: [RegExp, IdKind][] = [
  [/^\/api\/(staff\/)?customers\/:id/, 'customer'],
  [/^\/api\/staff\/families\/:id/, 'customer'],
  [/^\/api\/(staff\/)?orders\/:id/, 'order'],
  [/^\/api\/orderitems\/(rubricscores\/)?:id/, 'entry'],
  [/^\/api\/orderitems\/orderitemuploads\/:id/, 'upload'],
  [/^\/api\/participantprofiles\/:id/, 'profile'],
  [/^\/media\/[a-z]+\/:id/, 'upload'],
  [/^\/api\/staff\/schools\/:id/, 'school'],
  // The certificate's own id (no certificate is made here: the entry's id stands in).
  [/^\/api\/certificates\/:id/, 'entry'],
  // Staff's own records and the event's: no family's, teacher's or school's rows.
  [/^\/api\/eisteddfods\/:id/, 'neutral'],
  [/^\/api\/staff\/events\/:id/, 'neutral'],
  [/^\/api\/staff\/(members|adjudicators|reminders|datarequests)\/:id/, 'neutral'],
  // A tus upload's key and a video collection's guid: random, the video host's.
  [/^\/api\/tus\/:id/, 'guid'],
  [/^\/api\/uploads\/collection\/:id/, 'guid'],
];

/** Parameters by name, wherever they appear. */
const ID_BY_NAME: Record<string, IdKind> = {
  orderItemId: 'entry',
  orderId: 'order',
  participantProfileId: 'profile',
  contestantId: 'profile',
  learnerId: 'profile',
  participantId: 'profile',
  membershipId: 'class',
  schoolId: 'school',
  uploadId: 'upload',
  email: 'email',
  fileName: 'fileName',
  // The catalogue's, the event's and the public site's: no party's rows.
  categoryId: 'neutral',
  itemId: 'neutral',
  section: 'neutral',
  slug: 'neutral',
  code: 'neutral',
  name: 'neutral',
  assignmentId: 'neutral',
  eventId: 'neutral',
  q: 'neutral',
  fileId: 'guid',
  // A parent's invitation: its secret token is the permission, no party's id (decision 063).
  token: 'guid',
  // A statement's reference names an order, but only organisers read by it, and they read
  // every order: no party's row to keep from them (decision 066).
  reference: 'guid',
};

/** What a parameter of `path` names; undefined when the walk cannot say (the test fails). */
export function kindOf(path: string, param: string): IdKind | undefined {
  if (param === 'id') return ID_BY_PREFIX.find(([re]) => re.test(path))?.[1];
  return ID_BY_NAME[param];
}

const NEUTRAL: Record<string, string> = {
  section: 'Dance',
  slug: 'someone',
  code: 'ABCD-EFGH',
  name: 'picture.png',
  // A search of the family desk that every party of the world matches.
  q: 'Row',
};
export const GUID = '00000000-0000-4000-8000-000000000000';

/** The value of an id of `kind` in `party`'s rows (a neutral one for 'neutral'). */
export function idOf(party: Party, kind: IdKind, param: string, eventId: number): string {
  switch (kind) {
    case 'customer':
      return String(party.customerId);
    case 'email':
      return encodeURIComponent(party.email);
    case 'profile':
      return String(party.profileId);
    case 'order':
      return String(party.orderId);
    case 'entry':
      return String(party.orderItemId);
    case 'upload':
      return String(party.uploadId);
    case 'fileName':
      return encodeURIComponent(party.fileName);
    case 'class':
      return String(party.membershipId);
    case 'school':
      return String(party.schoolId);
    case 'guid':
      return GUID;
    case 'neutral':
      return NEUTRAL[param] ?? (param === 'id' || param === 'eventId' ? String(eventId) : '1');
  }
}

/** Whether `party` has a row of each kind (a family has no class, staff have no child). */
export function hasRows(party: Party, kinds: IdKind[]): boolean {
  const FIELD: Partial<Record<IdKind, keyof Party>> = {
    profile: 'profileId',
    order: 'orderId',
    entry: 'orderItemId',
    upload: 'uploadId',
    class: 'membershipId',
    school: 'schoolId',
  };
  return kinds.every((k) => {
    const field = FIELD[k];
    return field === undefined || party[field] !== 0;
  });
}

/** The query parameters an endpoint's query schema names. */
export function queryParams(endpoint: Endpoint | undefined): string[] {
  const shape = (endpoint?.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** How a route is walked, from its access. */
export type Walk = 'public' | 'signed' | 'not rows' | 'family' | 'staff';

export function walkOf(access: Access | undefined, outside: string | undefined): Walk | undefined {
  if (access === undefined) return outside as Walk | undefined;
  if (typeof access === 'object') return 'staff';
  if (access === 'public' || access === 'signed') return access;
  return 'family';
}
