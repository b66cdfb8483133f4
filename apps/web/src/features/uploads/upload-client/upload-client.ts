import { createContext, useContext } from 'react';
import { sendEntryFile } from './entry-file-upload.ts';
import type { UploadClient } from './types.ts';
import { sendVideo } from './video-upload.ts';

/** The real client: tus for video and audio, multipart XHR for images and documents. */
export const browserUploadClient: UploadClient = { sendVideo, sendEntryFile };

export const UploadClientContext = createContext<UploadClient>(browserUploadClient);

export function useUploadClient(): UploadClient {
  return useContext(UploadClientContext);
}
