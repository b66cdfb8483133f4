import {
  buildEntryFileName,
  FILE_EXISTS,
  UPLOAD_TYPE,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import { ApiRequestError } from '../../lib/api-client.ts';
import { handleHttpError } from '../../lib/http-errors.ts';
import { readStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import { forgetUpload, showUpload, updateUpload } from '../../shared/uploads/upload-activity.ts';
import { recordVideoUpload } from './api/record-upload.ts';
import { ensureCollection, openVideoSlot } from './api/video-slot.ts';
import {
  UploadCancelledError,
  UploadNetworkError,
  type UploadClient,
  type UploadHandle,
  type UploadProgress,
} from './upload-client/types.ts';
import type { UploadKind } from './upload-messages.ts';
import { text, uploadText } from './text.ts';
import { fileText } from '../../shared/uploads/entry-text.ts';

/** What an upload needs besides its file, fixed when the parent chooses it. */
export interface UploadRequest {
  entry: ParticipantOrderItem;
  kind: UploadKind;
  file: File;
  client: UploadClient;
  customerId: number;
  /** The contestant's name, grade and school as the stored file name takes them (spec 5). */
  names: { firstName: string; surname: string; grade: string; school: string };
  timeZone: string;
  stallSeconds: number;
  /** Called once the upload has ended, however (the page refreshes its entries). */
  onEnded: () => void;
}

interface RunningUpload {
  request: UploadRequest;
  abort: AbortController;
  handle: UploadHandle<unknown> | null;
  lastProgressAt: number;
  bytesSent: number;
  /** Bytes are on their way (not preparing or saving): only then can it stall. */
  sending: boolean;
  /** How it was stopped by the app itself: 'restart' (retry) or 'pause' (logout), not the user. */
  stoppedBy: 'restart' | 'pause' | null;
}

const isCancellation = (error: unknown) =>
  error instanceof UploadCancelledError ||
  (error instanceof DOMException && error.name === 'AbortError');

/**
 * Every running upload of the app, one per entry (issue 32). It lives as long as the page does,
 * not as long as a screen: the parent can look at My Orders or Contestant Details while a video
 * goes on, and the shell's bar shows it. What it shows is written to upload-activity.ts.
 */
const running = new Map<number, RunningUpload>();
let stallTimer: ReturnType<typeof setInterval> | undefined;

export function startUpload(request: UploadRequest): void {
  const { entry, kind, file, client } = request;
  if (running.has(entry.id)) return;
  const run: RunningUpload = {
    request,
    abort: new AbortController(),
    handle: null,
    lastProgressAt: Date.now(),
    bytesSent: 0,
    sending: kind !== 'video',
    stoppedBy: null,
  };
  running.set(entry.id, run);
  watchSession();
  showUpload({
    entryId: entry.id,
    customerId: request.customerId,
    participantId: entry.participantProfileId,
    entryLabel: `${entry.itemCode} for ${request.names.firstName || entry.participantFirstName}`,
    kind,
    fileName: file.name,
    phase: kind === 'video' ? 'preparing' : 'sending',
    percent: 0,
    stalled: false,
  });
  watchStalls();

  const onProgress = ({ bytesSent, bytesTotal }: UploadProgress) => {
    if (bytesSent > run.bytesSent) {
      run.bytesSent = bytesSent;
      run.lastProgressAt = Date.now();
    }
    const percent = bytesTotal > 0 ? Math.min(100, Math.floor((bytesSent / bytesTotal) * 100)) : 0;
    updateUpload(entry.id, { percent, stalled: false });
  };

  const storedName = () =>
    buildEntryFileName({
      code: entry.itemCode,
      ...request.names,
      originalFileName: file.name,
      at: new Date(),
      timeZone: request.timeZone,
    });

  async function sendVideo() {
    const signal = run.abort.signal;
    const collection = await ensureCollection(entry, signal);
    const slot = await openVideoSlot(collection.guid, signal);
    if (signal.aborted) throw new UploadCancelledError();
    const handle = client.sendVideo({ file, slot, collectionGuid: collection.guid, onProgress });
    run.handle = handle;
    run.lastProgressAt = Date.now();
    run.sending = true;
    updateUpload(entry.id, { phase: 'sending' });
    await handle.done;
    run.sending = false;
    updateUpload(entry.id, { phase: 'saving', percent: 100, stalled: false });
    await recordVideoUpload(entry, {
      fileName: storedName(),
      sizeInBytes: file.size,
      originalFileName: file.name,
      videoId: slot.guid,
    });
    toast('success', fileText('uploaded'));
  }

  async function sendEntryFile() {
    const uploadType = kind === 'document' ? UPLOAD_TYPE.supporting : UPLOAD_TYPE.main;
    const handle = client.sendEntryFile({
      file,
      headers: {
        orderId: String(entry.orderId),
        orderItemId: String(entry.id),
        uploadTypeId: String(uploadType),
        updatedFilename: storedName(),
      },
      onProgress,
    });
    run.handle = handle;
    const answer = await handle.done;
    if (answer.name === FILE_EXISTS) toast('warning', fileText('duplicateFile'));
    else toast('success', fileText('uploaded'));
  }

  (kind === 'video' ? sendVideo() : sendEntryFile())
    .then(
      () => forgetUpload(entry.id),
      (error: unknown) => {
        if (run.stoppedBy === 'restart') return;
        if (run.stoppedBy === 'pause') {
          updateUpload(entry.id, { phase: 'paused', stalled: false });
          return;
        }
        if (isCancellation(error) || run.abort.signal.aborted) {
          forgetUpload(entry.id);
          toast('info', uploadText('cancelled'));
          return;
        }
        // Lost on the way: kept as paused, so every screen says where it stopped.
        if (isConnectionLoss(error)) updateUpload(entry.id, { phase: 'paused', stalled: false });
        else forgetUpload(entry.id);
        showUploadFailure(error, file.name);
      },
    )
    .finally(() => {
      if (running.get(entry.id) === run) running.delete(entry.id);
      if (running.size === 0) stopWatchingStalls();
      if (run.stoppedBy !== 'restart') request.onEnded();
    });
}

/** Spec 4: cancelling stops the upload, resets progress and says so. */
export function cancelUpload(entryId: number): void {
  const run = running.get(entryId);
  if (!run) return;
  run.abort.abort();
  run.handle?.cancel();
}

/** After a stall: stop quietly (keeping a video's bytes, so tus resumes) and start again. */
export function retryUpload(entryId: number): void {
  const run = running.get(entryId);
  if (!run) return;
  run.stoppedBy = 'restart';
  run.abort.abort();
  run.handle?.detach();
  running.delete(entryId);
  startUpload(run.request);
}

/**
 * Stops every upload but keeps a video's bytes on the server (tus resumes when the same file is
 * chosen again) and shows each as paused: used when the parent logs out, as nothing sent after
 * that could be recorded.
 */
function pauseAllUploads(): void {
  for (const run of running.values()) {
    run.stoppedBy = 'pause';
    run.abort.abort();
    run.handle?.detach();
  }
}

/** Tests end every upload they started, without a word, as a closed tab would. */
export function stopUploadsForTests(): void {
  for (const run of running.values()) {
    run.stoppedBy = 'restart';
    run.abort.abort();
    run.handle?.detach();
  }
  running.clear();
  stopWatchingStalls();
}

let watchingSession = false;
function watchSession(): void {
  if (watchingSession) return;
  watchingSession = true;
  window.addEventListener('storage', (event) => {
    if ((event.key === 'token' || event.key === null) && readStored('token') === null) {
      pauseAllUploads();
    }
  });
}

// The stall warning: checked every second while anything runs.
function watchStalls(): void {
  if (stallTimer !== undefined) return;
  stallTimer = setInterval(() => {
    for (const [entryId, run] of running) {
      if (run.sending && Date.now() - run.lastProgressAt >= run.request.stallSeconds * 1000) {
        updateUpload(entryId, { stalled: true });
      }
    }
  }, 1000);
}

function stopWatchingStalls(): void {
  clearInterval(stallTimer);
  stallTimer = undefined;
}

function isConnectionLoss(error: unknown): boolean {
  return error instanceof UploadNetworkError || error instanceof TypeError;
}

/** Spec 8: the duplicate warning, the server's own refusal, no connection, or failed to upload. */
function showUploadFailure(error: unknown, fileName: string): void {
  if (error instanceof ApiRequestError) {
    if (error.body?.code === 'FILE_EXISTS') {
      toast('warning', fileText('duplicateFile'));
      return;
    }
    if (error.status === 401 || !error.body) {
      handleHttpError(error);
      return;
    }
    toast('error', error.body.message, text('failedToUpload', { file: fileName }));
    return;
  }
  if (error instanceof UploadNetworkError) {
    const message = navigator.onLine ? text('networkError') : text('noInternet');
    toast('error', message, text('failedToUpload', { file: fileName }));
    return;
  }
  if (error instanceof TypeError) {
    // fetch's own failure: the preparing calls could not reach the server.
    toast('error', text('networkError'), text('failedToUpload', { file: fileName }));
    return;
  }
  // Our own words from the server (through tus); a drifted answer shape says nothing useful.
  const ownWords = error instanceof Error && error.name !== 'ZodError' && error.message;
  const failed = text('failedToUpload', { file: fileName });
  toast('error', ownWords || failed, failed);
}
