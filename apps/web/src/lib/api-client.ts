import {
  endpointUrl,
  UploadResponseSchema,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type UploadResponse,
} from '@eisteddfod/shared';
import type { z } from 'zod';
import { ApiRequestError, apiFetch, readAnswer } from './api-fetch.ts';
import { hasMessage, wordsOf } from './i18n/catalogue.ts';
import { readStored } from './storage.ts';

export { ApiRequestError } from './api-fetch.ts';

/**
 * What to tell a person about a failed call: the server's message when it gave one, in the
 * reader's language when it names a message of a catalogue this page has loaded (decision 057).
 */
export function messageOf(error: Error): string {
  if (!(error instanceof ApiRequestError) || !error.body) return error.message;
  const { messageId, values, message } = error.body;
  return messageId && hasMessage(messageId)
    ? wordsOf(values ? { id: messageId, values } : { id: messageId })
    : message;
}

/** What a call of `E` needs: the path parameters, query and body its definition declares. */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: ParamsOf<E> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: QueryOf<E> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: BodyOf<E> } : { body?: undefined }) & {
    signal?: AbortSignal | undefined;
  };

/**
 * Calls an endpoint defined in packages/shared (src/endpoints) with the stored bearer token
 * (spec 6): its method and address come from the definition, and the answer is checked against
 * the schema of the status it came with, so a drifted server shows up as an error rather than as
 * undefined on screen.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
): Promise<AnswerOf<E>> {
  const { params, query, body, signal } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = endpointUrl(endpoint, params, query);
  const responses = endpoint.responses as Partial<Record<number, z.ZodType | null>>;
  return apiFetch(
    url,
    (data, status) => {
      const schema = responses[status];
      if (!schema) throw new TypeError(`Unexpected answer ${status} from ${endpoint.path}`);
      return schema.parse(status === 204 ? null : data) as AnswerOf<E>;
    },
    { method: endpoint.method, body, signal },
  );
}

/**
 * Sends one file to an upload endpoint as multipart form data in the field `file` (spec 7), with the stored
 * bearer token and the call's own headers. The browser sets the multipart content type itself.
 */
export async function apiUpload(
  endpoint: Endpoint,
  file: File,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const token = readStored('token');
  const response = await fetch(endpointUrl(endpoint), {
    method: endpoint.method,
    headers: {
      accept: 'application/json',
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
    signal: signal ?? null,
  });
  return readAnswer(response, (data) => UploadResponseSchema.parse(data));
}
