import type { ApiError, ErrorCode } from '@eisteddfod/shared';
import { readerLocale } from './i18n/catalogue.ts';
import { readStored } from './storage.ts';

// The zod-free half of the API client. The app shell and the public pages load it on the first
// visit, so it checks answers with a function rather than a zod schema (zod is about 25 KB
// gzipped); api-client.ts builds the schema-checked calls on it.

/** A non-2xx answer from the API, carrying its JSON error when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | undefined,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Checks an answer's JSON and returns it typed, or throws when it has another shape. */
export type AnswerCheck<T> = (data: unknown, status: number) => T;

/** Calls the API with the stored bearer token (spec 6) and checks the answer with `check`. */
export async function apiFetch<T>(
  path: string,
  check: AnswerCheck<T>,
  options: RequestOptions = {},
): Promise<T> {
  // The reader's language: an account made, or a pin asked for, in it (decision 069).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': readerLocale(),
  };
  const token = readStored('token');
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  return readAnswer(response, check);
}

/** The answer's JSON checked by `check`; a non-2xx answer becomes an ApiRequestError. */
export async function readAnswer<T>(response: Response, check: AnswerCheck<T>): Promise<T> {
  const data: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiRequestError(response.status, readApiError(data));
  return check(data, response.status);
}

/**
 * The API's error body `{ statusCode, code, message }` (ApiErrorSchema), or none; with the
 * message's id and values when it has them (decision 057), so that messageOf says it by its id.
 */
export function readApiError(data: unknown): ApiError | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { statusCode, code, message, messageId, values } = data as Record<string, unknown>;
  if (!Number.isInteger(statusCode) || typeof code !== 'string' || typeof message !== 'string') {
    return undefined;
  }
  // A code this build does not know yet (a newer server) is passed on as it is.
  const error: ApiError = { statusCode: statusCode as number, code: code as ErrorCode, message };
  if (typeof messageId === 'string') error.messageId = messageId;
  if (isMessageValues(values)) error.values = values;
  return error;
}

function isMessageValues(values: unknown): values is Record<string, string | number> {
  return (
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}
