import { UploadResponseSchema, uploadsApi, type UploadResponse } from '@eisteddfod/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { readApiError } from '../../../lib/api-fetch.ts';
import { readStored } from '../../../lib/storage.ts';
import { text } from '../text.ts';
import {
  UploadCancelledError,
  UploadNetworkError,
  type EntryFileUploadRequest,
  type UploadHandle,
} from './types.ts';

const ENTRY_FILE_PATH = uploadsApi.uploadEntryFile.path;

/**
 * POST /api/Uploads/UploadS3Files (spec 7): one image or document as multipart field `file`.
 * XMLHttpRequest rather than fetch, because only it reports upload progress; no time-out (spec
 * 7: "The product sets no time-out on these uploads").
 */
export function sendEntryFile(request: EntryFileUploadRequest): UploadHandle<UploadResponse> {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  const done = new Promise<UploadResponse>((resolve, reject) => {
    xhr.open('POST', ENTRY_FILE_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    const token = readStored('token');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      request.onProgress({
        bytesSent: event.loaded,
        bytesTotal: event.lengthComputable ? event.total : request.file.size,
      });
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiRequestError(xhr.status, readApiError(data)));
        return;
      }
      const parsed = UploadResponseSchema.safeParse(data);
      if (parsed.success) resolve(parsed.data);
      else reject(new Error('The upload answer had an unexpected shape'));
    };
    xhr.onerror = () => reject(new UploadNetworkError(text('networkError')));
    xhr.onabort = () => reject(new UploadCancelledError());
    const body = new FormData();
    body.append('file', request.file, request.file.name);
    xhr.send(body);
  });
  const stop = () => {
    if (cancelled) return;
    cancelled = true;
    xhr.abort();
  };
  return { done, cancel: stop, detach: stop };
}
