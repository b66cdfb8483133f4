import {
  isStaffRole,
  reachOf,
  type Access,
  type StaffAction,
  type StaffRole,
} from '@eisteddfod/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, notFound } from '../lib/errors.ts';
import type { TokenScope } from '../lib/tokens.ts';
import { findRoleAndName, findSessionState } from './access.repository.ts';

/**
 * Every route declares who may call it (`config: { access }`; packages/shared/src/api/endpoint.ts
 * says what each kind means). A route without one is refused when it is registered, so a
 * forgotten guard cannot make a route public.
 */
export type { Access };

export interface StaffMember {
  role: StaffRole;
  firstName: string;
  surname: string;
}

/** The caller the access hook verified. */
export interface Caller {
  customerId: number;
  /** Set on staff routes only. */
  staff?: StaffMember;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access: Access;
  }
  interface FastifyRequest {
    /** Set by the access hook for every route that needs a login (and for a token sent anyway). */
    caller: Caller | null;
  }
}

/** The access of every route a scope's third-party plugin registers (it cannot set a config). */
const SCOPE_ACCESS = Symbol('access of the routes of this scope');
type ScopeWithAccess = FastifyInstance & { [SCOPE_ACCESS]?: Access };

/**
 * Declares the access of every route registered in `scope`, for plugins whose routes cannot
 * carry a config of ours (Swagger UI, the web app's static files). Register them in a scope of
 * their own, so the declaration covers nothing else.
 */
export function declareScopeAccess(scope: FastifyInstance, access: Access): void {
  scope.decorate<Access>(SCOPE_ACCESS, access);
}

const CUSTOMER_IN_PATH = new Set<Access>(['customer', 'customer-or-pin', 'customer-if-token']);

/** The spec's answer to a call without a valid session (web: toast, then back to login). */
const sessionExpired = () =>
  new AppError(401, 'UNAUTHORISED', 'Session has expired. Please login again');

/**
 * What a call to an address with no route gets. Staff routes give a family exactly this, so
 * nothing in the answer may depend on the address.
 */
export const routeNotFound = () => new AppError(404, 'ROUTE_NOT_FOUND', 'There is no such call.');

const customerNotFound = (customerId: unknown) =>
  notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${String(customerId)}`);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

type LoginAccess = 'session' | 'customer' | 'customer-or-pin' | 'customer-if-token';

/** The tokens each kind of login takes ('grant' tokens open no route). */
const TOKEN_SCOPES: Record<LoginAccess, TokenScope[]> = {
  session: ['session'],
  customer: ['session'],
  'customer-or-pin': ['pin', 'session'],
  'customer-if-token': ['pin', 'session'],
};

/**
 * Enforces every route's declared access in `onRequest`, before the body is read or anything is
 * validated: a caller without a valid session gets the spec's 401 whatever they sent, and learns
 * nothing of a route's schema (issue 13). The customer named in a path is compared once the path
 * is parsed (`preHandler`), as the handlers did before. Add it to the root instance before any
 * route, after the hooks whose headers every answer carries.
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', function (route: RouteOptions) {
    const access = route.config?.access ?? (this as ScopeWithAccess)[SCOPE_ACCESS];
    if (access === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: add config: { access } ` +
          '(plugins/access.ts) to its options',
      );
    }
    if (
      typeof access === 'string' &&
      CUSTOMER_IN_PATH.has(access) &&
      !/:id(\/|$)/.test(route.url)
    ) {
      throw new Error(`${route.url} is declared '${access}' but names no customer (:id)`);
    }
    route.config = { ...route.config, access };
  });

  app.addHook('onRequest', async (request) => {
    // An address with no route: the not-found handler answers (plugins/web-app.ts).
    if (request.is404) return;
    const { access } = request.routeOptions.config;
    if (access === 'public' || access === 'signed') return;
    if (typeof access === 'object') {
      request.caller = await staffCaller(app, request, access.staff);
      return;
    }
    const token = bearerToken(request);
    const verified = token ? await app.tokens.verify(token, TOKEN_SCOPES[access]) : undefined;
    // Every session is read against its account (one primary-key read): a deactivation ends
    // it at once on every instance, whatever role it was issued with (decision 019).
    const claims =
      verified && sessionEnded(await findSessionState(app.db, verified.customerId), verified)
        ? undefined
        : verified;
    if (claims) request.caller = { customerId: claims.customerId };
    // Checking a pin needs no login: a token that is not valid (expired, say) counts as none.
    else if (access !== 'customer-if-token') throw sessionExpired();
  });

  app.addHook('preHandler', async (request) => {
    const { access } = request.routeOptions.config;
    if (typeof access !== 'string' || !CUSTOMER_IN_PATH.has(access) || !request.caller) return;
    const { id } = request.params as { id?: unknown };
    if (request.caller.customerId !== id) throw customerNotFound(id);
  });
}

/**
 * Whether a token of this account no longer works: the account is gone, or the token is a
 * session of a deactivated account or of an earlier generation (a deactivation moves it on, a
 * reactivation does not move it back). Pin and grant tokens carry no generation: they only lead
 * to a sign-in, which a deactivated account is refused after its pin.
 */
function sessionEnded(
  account: { deactivatedAt: Date | null; sessionGeneration: number } | undefined,
  claims: { scope: string; generation?: number },
): boolean {
  if (!account) return true;
  if (claims.scope !== 'session') return false;
  return account.deactivatedAt !== null || (claims.generation ?? 0) !== account.sessionGeneration;
}

async function staffCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  action: StaffAction,
): Promise<Caller> {
  const token = bearerToken(request);
  const claims = token ? await app.tokens.verify(token, ['session']) : undefined;
  if (!claims) throw sessionExpired();
  const row = await findRoleAndName(app.db, claims.customerId);
  // For a family the staff routes do not exist (decision 008).
  if (!row || !isStaffRole(row.role)) throw routeNotFound();
  // Deactivated, or a session from before they were: it no longer works (decision 019).
  if (sessionEnded(row, claims)) throw sessionExpired();
  // Which rows it then reaches is the route's to ask (plugins/scope.ts).
  if (reachOf(row.role, action) === undefined) {
    throw new AppError(403, 'FORBIDDEN', 'Your staff role does not allow this.');
  }
  return {
    customerId: claims.customerId,
    staff: { role: row.role, firstName: row.firstName, surname: row.surname },
  };
}

/** The verified caller of a route that needs a login; asking on a public route is a bug. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) {
    throw new Error(`${request.routeOptions.url ?? request.url} has no caller: check its access`);
  }
  return request.caller;
}

/** The member of staff calling a `{ staff }` route. */
export function staffOf(request: FastifyRequest): Caller & { staff: StaffMember } {
  const caller = callerOf(request);
  if (!caller.staff)
    throw new Error(`${request.routeOptions.url ?? request.url} is no staff route`);
  return { ...caller, staff: caller.staff };
}
