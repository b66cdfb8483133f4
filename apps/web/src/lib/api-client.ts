import { UploadResponseSchema, type UploadResponse } from '@eisteddfod/shared';
import type { z } from 'zod';
import { apiFetch, readAnswer, type RequestOptions } from './api-fetch.ts';
import { readStored } from './storage.ts';

export { ApiRequestError } from './api-fetch.ts';

/**
 * Calls the API with the stored bearer token (spec 6) and checks the answer against its shared
 * schema, so a drifted server shows up as an error rather than as undefined on screen.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  return apiFetch(path, (data) => schema.parse(data), options);
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
  return readAnswer(response, (data) => UploadResponseSchema.parse(data));
}
