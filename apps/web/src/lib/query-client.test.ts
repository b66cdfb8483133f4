import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { createQueryClient, fetchedAhead } from './query-client.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
const show = vi.mocked(notifications.show);

const failure = () => Promise.reject(new ApiRequestError(500, undefined));

describe('createQueryClient: global error handling', () => {
  afterEach(() => vi.clearAllMocks());

  it('toasts a failed mutation or query through the global handler', async () => {
    const client = createQueryClient();
    await client
      .getMutationCache()
      .build(client, { mutationFn: failure })
      .execute(undefined)
      .catch(() => {});
    await client.fetchQuery({ queryKey: ['x'], queryFn: failure, retry: false }).catch(() => {});
    expect(show).toHaveBeenCalledTimes(2);
  });

  it('stays quiet for a mutation or query with meta.handlesErrors', async () => {
    const client = createQueryClient();
    const meta = { handlesErrors: true };
    await client
      .getMutationCache()
      .build(client, { mutationFn: failure, meta })
      .execute(undefined)
      .catch(() => {});
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: failure, retry: false, meta })
      .catch(() => {});
    expect(show).not.toHaveBeenCalled();
  });

  it('stays quiet for a query fetched ahead of its screen (issue 32), whose screen toasts later', async () => {
    const client = createQueryClient();
    const query = { queryKey: ['z'], queryFn: failure, retry: false };
    const ahead = fetchedAhead(query);
    await client.prefetchQuery(ahead);
    expect(show).not.toHaveBeenCalled();
    // The screen, once opened, asks with its own options and says what failed.
    await client.fetchQuery({ queryKey: ['z'], queryFn: failure, retry: false }).catch(() => {});
    expect(show).toHaveBeenCalledTimes(1);
  });
});
