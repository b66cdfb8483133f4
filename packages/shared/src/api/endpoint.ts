import type { z } from 'zod';
import type { StaffAction } from '../staff/permissions.ts';

/**
 * Who may call an endpoint. The server enforces it before anything else is read
 * (apps/api/src/plugins/access.ts); an endpoint cannot be registered without one.
 *
 * - `'public'`: anyone.
 * - `'signed'`: anyone, because the request carries its own permission and the route checks it:
 *   a signed link (pictures, entry files, certificates), the pay page's signed reference, a
 *   payment provider's signed notification, the tus upload's signed headers.
 * - `'session'`: a family's (or staff member's) session; the customer is the token's.
 * - `'customer'`: a session whose customer is the path's `:id`; another id answers 404.
 * - `'customer-or-pin'`: the same, where the pin token of a login in progress also does (sending
 *   a pin; docs/decisions/004-passwordless-sessions.md).
 * - `'customer-if-token'`: no login needed (checking a pin), but a token that is sent anyway
 *   must be the path customer's own, so another customer's token answers 404 as everywhere.
 * - `{ staff: action }`: a member of staff whose role may do `action` (staff/permissions.ts), the
 *   role read from the database on every call, never from the token. A family's session gets the
 *   answer of a route that does not exist, staff whose role may not 403 (decisions 008 and 056).
 *   Which rows the call then reads is the route's business: `scopeOf` on the server.
 */
export type Access =
  | 'public'
  | 'signed'
  | 'session'
  | 'customer'
  | 'customer-or-pin'
  | 'customer-if-token'
  | { staff: StaffAction };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303;
/** Each answers an ApiError (api-error.schema.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * One call of the API, defined once: the server registers its route from it
 * (apps/api/src/plugins/endpoints.ts) and the web derives its call from it
 * (apps/web/src/lib/api-client.ts).
 */
export interface Endpoint {
  method: HttpMethod;
  /** Fastify's pattern: `:name` is a path parameter, declared in `params`. */
  path: string;
  /** Other spellings of the same call in the spec (spec 7); the server answers each of them. */
  aliases?: readonly string[];
  access: Access;
  summary: string;
  tags: readonly string[];
  /** Left out of the API documentation (a provider's call-back, a page for a browser). */
  hidden?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The content types of a body that is not JSON (a multipart upload). */
  consumes?: readonly string[];
  /** The answers that are not errors, by status: a JSON schema, or `null` when not JSON. */
  responses: Partial<Record<SuccessStatus, z.ZodType | null>>;
  /** The content types of an answer that is not JSON (a PDF, a CSV, a page). */
  produces?: readonly string[];
  /** The statuses of the errors it answers with, each an ApiError with an ErrorCode. */
  errors: readonly ErrorStatus[];
  /**
   * The body of an error status in `errors` that is not an ApiError: a probe's own answer, as
   * readiness's 503 says what is unavailable.
   */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
}

/** Checks an endpoint's definition and keeps its exact type (for the server's and web's types). */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type Defined<S> = S extends z.ZodType ? S : never;

/** The path parameters of an endpoint, as its handler sees them after parsing. */
export type ParamsOf<E extends Endpoint> = z.output<Defined<E['params']>>;
export type QueryOf<E extends Endpoint> = z.output<Defined<E['query']>>;
/** The body a client sends. */
export type BodyOf<E extends Endpoint> = z.input<Defined<E['body']>>;
/** The JSON answer of a call that succeeded, whatever its status. */
export type AnswerOf<E extends Endpoint> = z.output<Defined<E['responses'][keyof E['responses']]>>;

/**
 * The address of one call: `:name` parameters filled in and encoded, and the query's defined
 * values appended in their order.
 */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'path'>,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new TypeError(`${endpoint.path} needs the parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
  const text = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => {
      const shown = value instanceof Date ? value.toISOString() : String(value);
      return `${encodeURIComponent(name)}=${encodeURIComponent(shown)}`;
    })
    .join('&');
  return text ? `${path}?${text}` : path;
}
