import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-fetch.ts';
import { handleHttpError } from './http-errors.ts';

/**
 * `meta: { handlesErrors: true }` on a query or mutation: the screen answers its failures itself
 * (for example a 404 that means "no such account"), so the global handler stays quiet.
 */
interface RequestMeta extends Record<string, unknown> {
  handlesErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * A query fetched ahead of a screen the family has not opened yet (issue 32): nobody asked for
 * it, so its failure shows nothing; the screen, once opened, asks again and says what failed.
 */
export function fetchedAhead<T extends object & { meta?: RequestMeta | undefined }>(options: T): T {
  return { ...options, meta: { ...options.meta, handlesErrors: true } };
}

/** One query client: global error handling, and no retries for answers that will not change. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesErrors) handleHttpError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.handlesErrors) handleHttpError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
      },
    },
  });
}
