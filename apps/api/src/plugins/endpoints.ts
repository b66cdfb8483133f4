import { ApiErrorSchema, type Endpoint } from '@eisteddfod/shared';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The instance a route plugin gets (FastifyPluginAsyncZod). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The error bodies an endpoint declares that are not ApiErrors (none for most). */
type ErrorBodiesOf<E extends Endpoint> = E extends { errorBodies: infer B extends object }
  ? B
  : Record<never, never>;

/** The Fastify schema an endpoint's definition stands for, so handlers are typed from it. */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'] & {
    [S in E['errors'][number]]: S extends keyof ErrorBodiesOf<E>
      ? ErrorBodiesOf<E>[S]
      : typeof ApiErrorSchema;
  };
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/**
 * Route options an endpoint's definition does not hold: limits, hooks and the log level of that
 * route only.
 */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'onRequest' | 'preValidation' | 'logLevel'
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The definition a route was registered from (serve()); none for a protocol's routes. */
    endpoint?: Endpoint;
    /** A protocol whose routes are defined by its standard, not by us (tus). */
    protocol?: string;
  }
}

/** Addresses under /api served by a third-party plugin with routes of its own. */
const THIRD_PARTY_PREFIXES = ['/api/docs/'];
const THIRD_PARTY_PATHS = ['/api/docs'];
/** The protocols whose routes are registered by hand, each named by its standard. */
const PROTOCOLS = new Set(['tus 1.0.0']);

/**
 * Refuses to register an /api route that was not registered from an endpoint definition (or is
 * a protocol's), so the contract in packages/shared stays the whole API. Add it to the root
 * instance before any route.
 */
export function requireEndpointDefinitions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // The router ignores case (plugins/server-options.ts), so this check does too.
    const url = route.url.toLowerCase();
    if (!url.startsWith('/api/') && url !== '/api') return;
    if (route.config?.endpoint) return;
    if (route.config?.protocol && PROTOCOLS.has(route.config.protocol)) return;
    if (THIRD_PARTY_PATHS.includes(url)) return;
    if (THIRD_PARTY_PREFIXES.some((prefix) => url.startsWith(prefix))) return;
    throw new Error(
      `${String(route.method)} ${route.url} has no endpoint definition: define it in ` +
        'packages/shared/src/endpoints and register it with serve() (plugins/endpoints.ts)',
    );
  });
}

const errorResponses = (endpoint: Endpoint) =>
  Object.fromEntries(
    endpoint.errors.map((status) => [status, endpoint.errorBodies?.[status] ?? ApiErrorSchema]),
  );

/**
 * Registers the route of an endpoint defined in packages/shared, at its path and every alias:
 * its method, access, schemas and documentation come from the definition, so the server and
 * the web client cannot disagree about a call.
 */
export function serve<const E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { params, query, body, responses, consumes, produces } = endpoint;
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(consumes ? { consumes: [...consumes] } : {}),
    ...(produces ? { produces: [...produces] } : {}),
    response: {
      // An answer that is not JSON has no schema: its handler sends bytes or a redirect.
      ...Object.fromEntries(Object.entries(responses).filter(([, s]) => s !== null)),
      ...errorResponses(endpoint),
    },
  };
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      ...extras,
      method: endpoint.method,
      url,
      config: { access: endpoint.access, endpoint },
      schema,
      handler: handler as RouteHandlerMethod,
    });
  }
}
