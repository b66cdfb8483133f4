import { z } from 'zod';
import { formatTimeLimit } from '../catalogue/catalogue-editor.rules.ts';

/**
 * Where an entry file is in its processing (decision 025):
 * - `pending`: it arrived and waits for, or is in, processing;
 * - `ready`: probed, and the copy adjudicators get is made (a playable rendition, or the file
 *   without identifying metadata);
 * - `failed`: it is not really video, audio, an image or a document we can read;
 * - `unchecked`: this server cannot process recordings (no ffmpeg); it is served as uploaded.
 */
export const PROCESSING_STATES = ['pending', 'ready', 'failed', 'unchecked'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** What a family is told about a processed recording while there is time to upload again. */
export const MEDIA_WARNINGS = ['too-long', 'no-audio', 'unreadable'] as const;
export type MediaWarning = (typeof MEDIA_WARNINGS)[number];

export const FileProcessingSchema = z.object({
  state: z.enum(PROCESSING_STATES),
  durationSeconds: z.number().nonnegative().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  hasAudio: z.boolean().nullable(),
  /** A signed link to the poster frame of a video. */
  posterUrl: z.string().nullable(),
  /**
   * A signed link to a small thumbnail of an image, for its family only (decision 047); none for
   * a file processed before thumbnails were made, nor from the previous release's API.
   */
  thumbnailUrl: z.string().nullable().optional(),
  /** A signed link to what the adjudicators will play or open (the rendition). */
  previewUrl: z.string().nullable(),
  warnings: z.array(z.enum(MEDIA_WARNINGS)),
});
export type FileProcessing = z.infer<typeof FileProcessingSchema>;

/** A recording longer than this many seconds over the limit is too long (rounding, not art). */
const TIME_LIMIT_TOLERANCE_SECONDS = 1;

/** The warnings a processed file earns, from what processing found and the item's time limit. */
export function mediaWarnings(file: {
  state: ProcessingState;
  isRecording: boolean;
  hasVideo: boolean;
  durationSeconds: number | null;
  hasAudio: boolean | null;
  timeLimitSeconds: number | null;
}): MediaWarning[] {
  if (file.state === 'failed') return ['unreadable'];
  if (file.state !== 'ready' || !file.isRecording) return [];
  const warnings: MediaWarning[] = [];
  if (
    file.timeLimitSeconds !== null &&
    file.durationSeconds !== null &&
    file.durationSeconds > file.timeLimitSeconds + TIME_LIMIT_TOLERANCE_SECONDS
  ) {
    warnings.push('too-long');
  }
  if (file.hasVideo && file.hasAudio === false) warnings.push('no-audio');
  return warnings;
}

/** '3:07' for 187.4 seconds: a recording's length as the portal shows it. */
export const formatDuration = (seconds: number) => formatTimeLimit(Math.floor(seconds));
