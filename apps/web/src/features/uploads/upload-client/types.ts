import type { UploadResponse } from '@eisteddfod/shared';
import type { OpenVideoSlot } from '../api/video-slot.ts';

export interface UploadProgress {
  bytesSent: number;
  bytesTotal: number;
}

/** A running upload: its outcome, and the way to stop it. */
export interface UploadHandle<T> {
  done: Promise<T>;
  /** Stops the upload; `done` then rejects with an UploadCancelledError. */
  cancel(): void;
  /** Stops sending but leaves what was sent on the server, so the same file resumes later. */
  detach(): void;
}

export interface VideoUploadRequest {
  file: File;
  slot: OpenVideoSlot;
  collectionGuid: string;
  onProgress: (progress: UploadProgress) => void;
}

export interface EntryFileUploadRequest {
  file: File;
  /** orderId, orderItemId, uploadTypeId and updatedFilename (spec 7, UploadS3Files). */
  headers: Record<string, string>;
  onProgress: (progress: UploadProgress) => void;
}

/** How the portal sends bytes; tests give the page a fake through UploadClientContext. */
export interface UploadClient {
  sendVideo(request: VideoUploadRequest): UploadHandle<void>;
  sendEntryFile(request: EntryFileUploadRequest): UploadHandle<UploadResponse>;
}

/** The user (or leaving the page) stopped the upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** The bytes could not reach the server (no connection, blocked, server down). */
export class UploadNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadNetworkError';
  }
}
