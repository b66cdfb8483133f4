import { BLIND_VIDEO_TITLE, VIDEO_UPLOAD_HEADERS } from '@eisteddfod/shared';
import { text } from '../text.ts';
import {
  UploadCancelledError,
  UploadNetworkError,
  type UploadHandle,
  type VideoUploadRequest,
} from './types.ts';

/**
 * Retries through short outages, including a server restart in the middle of an upload: about
 * 40 s in all, and tus-js-client starts counting again whenever bytes got through.
 */
const TUS_RETRY_DELAYS = [0, 300, 600, 1200, 3000, 5000, 10000, 20000];
/** Bytes per PATCH request: a dropped connection loses at most this much. */
const TUS_CHUNK_SIZE = 50 * 1024 * 1024;

/**
 * A video or audio file over tus (spec 7, step 3) with Uppy 6 and @uppy/tus. Uppy is imported
 * here only, and lazily, so it stays out of every bundle but the upload itself.
 *
 * The Uppy instance id names the slot, so the tus fingerprint (Uppy's file id plus endpoint) is
 * per slot and per file: after a reload, choosing the same file for the same blank slot resumes.
 */
export function sendVideo(request: VideoUploadRequest): UploadHandle<void> {
  const { file, slot, collectionGuid } = request;
  let stopped: 'cancel' | 'detach' | null = null;
  let rejectStopped: (error: Error) => void = () => {};
  const stoppedPromise = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  let stopUppy: ((how: 'cancel' | 'detach') => void) | null = null;

  async function run(): Promise<void> {
    const [{ default: Uppy }, { default: Tus }] = await Promise.all([
      import('@uppy/core'),
      import('@uppy/tus'),
    ]);
    if (stopped) throw new UploadCancelledError();
    const auth = slot.upload;
    const uppy = new Uppy({ id: `entry-video-${slot.guid}`, autoProceed: false }).use(Tus, {
      endpoint: new URL(auth.endpoint, window.location.origin).href,
      headers: {
        [VIDEO_UPLOAD_HEADERS.signature]: auth.signature,
        [VIDEO_UPLOAD_HEADERS.expires]: String(auth.expires),
        [VIDEO_UPLOAD_HEADERS.videoId]: auth.videoId,
        [VIDEO_UPLOAD_HEADERS.libraryId]: auth.libraryId,
      },
      retryDelays: TUS_RETRY_DELAYS,
      chunkSize: TUS_CHUNK_SIZE,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      limit: 1,
      allowedMetaFields: ['filename', 'filetype', 'title', 'collection'],
    });
    stopUppy = (how) => {
      if (how === 'cancel') {
        // Removes the file: tus stops and deletes the partial upload on the server.
        uppy.cancelAll();
        uppy.destroy();
      } else {
        // Stops sending but keeps the partial upload and its fingerprint, to resume later.
        uppy.pauseAll();
      }
    };
    let lastError: unknown;
    uppy.on('upload-error', (_file, error) => {
      lastError = error;
    });
    uppy.on('upload-progress', (_file, progress) => {
      request.onProgress({
        bytesSent: progress.bytesUploaded,
        bytesTotal: progress.bytesTotal ?? file.size,
      });
    });
    uppy.addFile({
      name: file.name,
      type: file.type || 'application/octet-stream',
      data: file,
      meta: {
        filename: file.name,
        filetype: file.type || 'application/octet-stream',
        // The host shows its title to adjudicators (blind marking): never the file's name.
        title: BLIND_VIDEO_TITLE,
        collection: collectionGuid,
      },
    });
    try {
      const result = await uppy.upload();
      if (stopped) throw new UploadCancelledError();
      const failed = result?.failed?.[0];
      if (failed || !result?.successful?.length) throw uploadError(lastError ?? failed?.error);
    } finally {
      if (!stopped) uppy.destroy();
    }
  }

  const done = Promise.race([run(), stoppedPromise]);
  const stop = (how: 'cancel' | 'detach') => {
    if (stopped) return;
    stopped = how;
    stopUppy?.(how);
    rejectStopped(new UploadCancelledError());
  };
  return { done, cancel: () => stop('cancel'), detach: () => stop('detach') };
}

/**
 * Uppy's error for a failed file: a network failure, or the server's own words. tus-js-client
 * puts the answer in its message ("…, response code: 415, response text: …, request id: …");
 * the text is the server's sentence, or its JSON error with a `message`.
 */
export function uploadError(error: unknown): Error {
  if (error instanceof Error && (error.name === 'NetworkError' || 'isNetworkError' in error)) {
    return new UploadNetworkError(text('networkError'));
  }
  const said = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (said.startsWith('This looks like a network error')) {
    return new UploadNetworkError(text('networkError'));
  }
  const answer = /response text: (.*?)(?:, request id: [^,]*\))?$/s.exec(said)?.[1]?.trim();
  if (answer && answer !== 'n/a') {
    try {
      const message = (JSON.parse(answer) as { message?: unknown }).message;
      if (typeof message === 'string') return new Error(message);
    } catch {
      // plain text: the server's own sentence
    }
    return new Error(answer);
  }
  return new Error(said || text('uploadFailed'));
}
