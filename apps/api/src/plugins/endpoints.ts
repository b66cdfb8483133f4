import { ApiErrorSchema, type Endpoint, type ErrorStatus } from '@eisteddfod/shared';
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

/** The Fastify schema an endpoint's definition stands for, so handlers are typed from it. */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'] & { [S in E['errors'][number]]: typeof ApiErrorSchema };
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

/** Route options an endpoint's definition does not hold: limits and hooks of that route only. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preValidation'>;

const errorResponses = (statuses: readonly ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));

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
  const { params, query, body, responses, produces } = endpoint;
  const schema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(produces ? { produces: [...produces] } : {}),
    response: {
      // An answer that is not JSON has no schema: its handler sends bytes or a redirect.
      ...Object.fromEntries(Object.entries(responses).filter(([, s]) => s !== null)),
      ...errorResponses(endpoint.errors),
    },
  };
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      ...extras,
      method: endpoint.method,
      url,
      config: { access: endpoint.access },
      schema,
      handler: handler as RouteHandlerMethod,
    });
  }
}
