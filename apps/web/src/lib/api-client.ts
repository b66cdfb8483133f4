import {
  ApiErrorSchema,
  UploadResponseSchema,
  type ApiError,
  type UploadResponse,
} from '@eisteddfod/shared';
import type { z } from 'zod';
import { readStored } from './storage.ts';

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

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API with the stored bearer token (spec 6) and checks the answer against its shared
 * schema, so a drifted server shows up as an error rather than as undefined on screen.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readStored('token');
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  return readAnswer(response, schema);
}

/** The answer's JSON checked against its schema; a non-2xx answer becomes an ApiRequestError. */
async function readAnswer<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  const data: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(data);
    throw new ApiRequestError(response.status, parsed.success ? parsed.data : undefined);
  }
  return schema.parse(data);
}

/**
 * Sends one file as multipart form data in the field `file` (spec 7, Uploads), with the stored
 * bearer token and the call's own headers. The browser sets the multipart content type itself.
 */
export async function apiUpload(
  path: string,
  file: File,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const token = readStored('token');
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
    signal: signal ?? null,
  });
  return readAnswer(response, UploadResponseSchema);
}
