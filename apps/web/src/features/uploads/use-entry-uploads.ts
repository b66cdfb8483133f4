import {
  buildEntryFileName,
  FILE_EXISTS,
  UPLOAD_MESSAGES,
  UPLOAD_TYPE,
  type ParticipantOrderItem,
  type ParticipantProfile,
} from '@eisteddfod/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';
import { handleHttpError } from '../../lib/http-errors.ts';
import { toast } from '../../lib/toasts.ts';
import { entriesQueryRoot } from './api/participant-order-items.ts';
import { recordVideoUpload } from './api/record-upload.ts';
import { ensureCollection, openVideoSlot } from './api/video-slot.ts';
import { useUploadClient } from './upload-client/upload-client.ts';
import {
  UploadCancelledError,
  UploadNetworkError,
  type UploadHandle,
  type UploadProgress,
} from './upload-client/types.ts';
import { UPLOAD_TEXT, type UploadKind } from './upload-messages.ts';
import type { UploadSettings } from './upload-settings.ts';

/** preparing: finding the video slot; sending: bytes on their way; saving: recording the file. */
type UploadPhase = 'preparing' | 'sending' | 'saving';

export interface EntryUploadState {
  kind: UploadKind;
  fileName: string;
  phase: UploadPhase;
  percent: number;
  /** No progress for the configured number of seconds (spec 8 stall text). */
  stalled: boolean;
}

interface RunningUpload {
  entry: ParticipantOrderItem;
  kind: UploadKind;
  file: File;
  abort: AbortController;
  handle: UploadHandle<unknown> | null;
  lastProgressAt: number;
  bytesSent: number;
  /** Stopped by the page itself (retry, leaving): no "cancelled" toast. */
  silent: boolean;
}

const isCancellation = (error: unknown) =>
  error instanceof UploadCancelledError ||
  (error instanceof DOMException && error.name === 'AbortError');

/**
 * Every upload of the portal, kept by the page so that one goes on while the list is searched
 * or paged (spec 4, Upload flow): progress, cancel, the stall warning, and the file's record.
 */
export function useEntryUploads(
  settings: UploadSettings,
  contestant: ParticipantProfile | undefined,
) {
  const client = useUploadClient();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Record<number, EntryUploadState>>({});
  const running = useRef(new Map<number, RunningUpload>());
  const latest = useRef({ settings, contestant });
  useEffect(() => {
    latest.current = { settings, contestant };
  });

  const patch = useCallback((entryId: number, changes: Partial<EntryUploadState>) => {
    setUploads((all) => {
      const current = all[entryId];
      return current ? { ...all, [entryId]: { ...current, ...changes } } : all;
    });
  }, []);

  const finish = useCallback((entryId: number, run: RunningUpload) => {
    if (running.current.get(entryId) !== run) return;
    running.current.delete(entryId);
    setUploads((all) => {
      const rest = { ...all };
      delete rest[entryId];
      return rest;
    });
  }, []);

  const start = useCallback(
    (entry: ParticipantOrderItem, kind: UploadKind, file: File) => {
      if (running.current.has(entry.id)) return;
      const run: RunningUpload = {
        entry,
        kind,
        file,
        abort: new AbortController(),
        handle: null,
        lastProgressAt: Date.now(),
        bytesSent: 0,
        silent: false,
      };
      running.current.set(entry.id, run);
      setUploads((all) => ({
        ...all,
        [entry.id]: {
          kind,
          fileName: file.name,
          phase: kind === 'video' ? 'preparing' : 'sending',
          percent: 0,
          stalled: false,
        },
      }));

      const onProgress = ({ bytesSent, bytesTotal }: UploadProgress) => {
        if (bytesSent > run.bytesSent) {
          run.bytesSent = bytesSent;
          run.lastProgressAt = Date.now();
        }
        const percent =
          bytesTotal > 0 ? Math.min(100, Math.floor((bytesSent / bytesTotal) * 100)) : 0;
        setUploads((all) => {
          const current = all[entry.id];
          if (!current || (current.percent === percent && !current.stalled)) return all;
          return { ...all, [entry.id]: { ...current, percent, stalled: false } };
        });
      };

      const storedName = () => {
        const { contestant: profile, settings: current } = latest.current;
        const own = profile?.id === entry.participantProfileId ? profile : undefined;
        return buildEntryFileName({
          code: entry.itemCode,
          firstName: own?.firstName || entry.participantFirstName,
          surname: own?.surname || entry.participantSurname,
          // Spec 5: the profile's grade, else the entry's.
          grade: own?.grade || entry.grade,
          school: own?.school || entry.school,
          originalFileName: file.name,
          at: new Date(),
          timeZone: current.timeZone,
        });
      };

      async function sendVideo() {
        const signal = run.abort.signal;
        const collection = await ensureCollection(entry, signal);
        const slot = await openVideoSlot(collection.guid, signal);
        if (signal.aborted) throw new UploadCancelledError();
        const handle = client.sendVideo({
          file,
          slot,
          collectionGuid: collection.guid,
          onProgress,
        });
        run.handle = handle;
        run.lastProgressAt = Date.now();
        patch(entry.id, { phase: 'sending' });
        await handle.done;
        patch(entry.id, { phase: 'saving', percent: 100, stalled: false });
        await recordVideoUpload(entry, {
          fileName: storedName(),
          sizeInBytes: file.size,
          originalFileName: file.name,
          videoId: slot.guid,
        });
        toast('success', UPLOAD_MESSAGES.uploaded);
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
        if (answer.name === FILE_EXISTS) toast('warning', UPLOAD_MESSAGES.duplicateFile);
        else toast('success', UPLOAD_MESSAGES.uploaded);
      }

      (kind === 'video' ? sendVideo() : sendEntryFile())
        .catch((error: unknown) => {
          if (isCancellation(error) || run.abort.signal.aborted) {
            if (!run.silent) toast('info', UPLOAD_MESSAGES.cancelled);
            return;
          }
          showUploadFailure(error, file.name);
        })
        .finally(() => {
          finish(entry.id, run);
          if (!run.silent) void queryClient.invalidateQueries({ queryKey: entriesQueryRoot });
        });
    },
    [client, finish, patch, queryClient],
  );

  /** Spec 4: cancelling stops the upload, resets progress and says so. */
  const cancel = useCallback((entryId: number) => {
    const run = running.current.get(entryId);
    if (!run) return;
    run.abort.abort();
    run.handle?.cancel();
  }, []);

  /** After a stall: stop quietly (keeping a video's bytes, so tus resumes) and start again. */
  const retry = useCallback(
    (entryId: number) => {
      const run = running.current.get(entryId);
      if (!run) return;
      run.silent = true;
      run.abort.abort();
      run.handle?.detach();
      finish(entryId, run);
      start(run.entry, run.kind, run.file);
    },
    [finish, start],
  );

  // The stall warning: checked every second while anything is sending.
  const isSending = Object.values(uploads).some((upload) => upload.phase === 'sending');
  useEffect(() => {
    if (!isSending) return;
    const timer = setInterval(() => {
      const limit = latest.current.settings.stallSeconds * 1000;
      for (const [entryId, run] of running.current) {
        if (run.handle && Date.now() - run.lastProgressAt >= limit) {
          setUploads((all) => {
            const current = all[entryId];
            if (!current || current.stalled || current.phase !== 'sending') return all;
            return { ...all, [entryId]: { ...current, stalled: true } };
          });
        }
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [isSending]);

  // Leaving the page stops sending; a video's bytes stay on the server for a later resume.
  useEffect(() => {
    const all = running.current;
    return () => {
      for (const run of all.values()) {
        run.silent = true;
        run.abort.abort();
        run.handle?.detach();
      }
      all.clear();
    };
  }, []);

  const isUploading = Object.keys(uploads).length > 0;
  // Closing the tab or reloading during an upload asks first.
  useEffect(() => {
    if (!isUploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isUploading]);

  return { uploads, isUploading, start, cancel, retry };
}

/** Spec 8: the duplicate warning, the server's own refusal, no connection, or failed to upload. */
function showUploadFailure(error: unknown, fileName: string): void {
  if (error instanceof ApiRequestError) {
    if (error.body?.code === 'FILE_EXISTS') {
      toast('warning', UPLOAD_MESSAGES.duplicateFile);
      return;
    }
    if (error.status === 401 || !error.body) {
      handleHttpError(error);
      return;
    }
    toast('error', error.body.message, UPLOAD_TEXT.failedToUpload(fileName));
    return;
  }
  if (error instanceof UploadNetworkError) {
    const message = navigator.onLine ? UPLOAD_TEXT.networkError : UPLOAD_TEXT.noInternet;
    toast('error', message, UPLOAD_TEXT.failedToUpload(fileName));
    return;
  }
  if (error instanceof TypeError) {
    // fetch's own failure: the preparing calls could not reach the server.
    toast('error', UPLOAD_TEXT.networkError, UPLOAD_TEXT.failedToUpload(fileName));
    return;
  }
  // Our own words from the server (through tus); a drifted answer shape says nothing useful.
  const ownWords = error instanceof Error && error.name !== 'ZodError' && error.message;
  toast(
    'error',
    ownWords || UPLOAD_TEXT.failedToUpload(fileName),
    UPLOAD_TEXT.failedToUpload(fileName),
  );
}
