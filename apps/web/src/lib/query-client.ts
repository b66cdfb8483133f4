import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';
import { handleHttpError } from './http-errors.ts';

/** One query client: global error handling, and no retries for answers that will not change. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleHttpError }),
    mutationCache: new MutationCache({ onError: handleHttpError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) =>
          !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
      },
    },
  });
}
