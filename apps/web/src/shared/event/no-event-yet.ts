import { ApiRequestError } from '../../lib/api-fetch.ts';

/**
 * A new site's database has no event until an organiser sets one up (docs/operations/
 * first-event.md): the server answers 404 EVENT_NOT_FOUND, which is news for families ("Entries
 * are not open yet"), not a failure.
 */
export const isNoEventYet = (error: unknown) =>
  error instanceof ApiRequestError && error.body?.code === 'EVENT_NOT_FOUND';
