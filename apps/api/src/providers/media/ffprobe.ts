import { z } from 'zod';

// What ffprobe says a file holds (decision 025), and the limits of what we process.

export interface MediaProbe {
  container: string;
  /** Bits a second of the whole file, 0 when unknown. */
  bitRate: number;
  /** Null when the file does not say (a WebM recorded by a browser): the rendition's is read. */
  durationSeconds: number | null;
  video: {
    codec: string;
    width: number;
    height: number;
    rotation: number;
    pixelFormat: string;
    /** Frames a second, 0 when unknown. */
    frameRate: number;
  } | null;
  audio: { codec: string; channels: number } | null;
}

export class NotMediaError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotMediaError';
  }
}

/**
 * What we process at most. An upload's own header says how long and how large it is, and a
 * small file can claim hours of 4K: a performance is minutes long, a phone records at most 4K.
 */
export const MEDIA_LIMITS = {
  seconds: 3600,
  longSide: 4096,
  pixels: 4096 * 2304,
  /** The rendition's frame rate at most: 60 fps phone clips are halved for adjudicators. */
  frameRate: 30,
  /** No ffmpeg run outlives this, well inside the job's claim (file-processing.service.ts). */
  runMs: 2 * 60 * 60 * 1000,
} as const;

/**
 * Codecs ffprobe reports for things that are not recordings: a text file read as a terminal
 * animation, subtitles, a document's pages. A file whose only "video" is one of these is not
 * media, whatever its extension said.
 */
const NOT_RECORDING_CODECS = new Set(['ansi', 'bintext', 'xbin', 'idf', 'tty']);

const StreamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  pix_fmt: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  channels: z.number().optional(),
  duration: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).partial()).optional(),
});
const ProbeSchema = z.object({
  streams: z.array(StreamSchema).default([]),
  format: z
    .object({
      format_name: z.string(),
      duration: z.string().optional(),
      bit_rate: z.string().optional(),
    })
    .partial()
    .default({}),
});

/** The parts of ffprobe's JSON we use; exported for tests of odd files. */
export function readProbe(json: unknown): MediaProbe {
  const parsed = ProbeSchema.parse(json);
  const container = parsed.format.format_name ?? '';
  if (container === 'tty' || container.startsWith('image2') || container.endsWith('_pipe')) {
    throw new NotMediaError(`not a recording: ${container}`);
  }
  const videoStream = parsed.streams.find(
    (s) =>
      s.codec_type === 'video' &&
      !s.disposition?.attached_pic &&
      !NOT_RECORDING_CODECS.has(s.codec_name ?? '') &&
      (s.width ?? 0) > 0 &&
      (s.height ?? 0) > 0,
  );
  const audioStream = parsed.streams.find((s) => s.codec_type === 'audio');
  if (!videoStream && !audioStream) throw new NotMediaError('no audio or video stream');
  const claimed = Number(parsed.format.duration ?? videoStream?.duration ?? audioStream?.duration);
  const duration = Number.isFinite(claimed) && claimed > 0 ? claimed : null;
  if (duration !== null && duration > MEDIA_LIMITS.seconds) {
    throw new NotMediaError(`longer than ${MEDIA_LIMITS.seconds / 60} minutes`);
  }
  if (videoStream) {
    const width = videoStream.width ?? 0;
    const height = videoStream.height ?? 0;
    if (Math.max(width, height) > MEDIA_LIMITS.longSide || width * height > MEDIA_LIMITS.pixels) {
      throw new NotMediaError(`a picture of ${width} × ${height} is larger than 4K`);
    }
  }
  const rotation =
    videoStream?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
    Number(videoStream?.tags?.rotate ?? 0);
  const bitRate = Number(parsed.format.bit_rate ?? 0);
  return {
    container,
    bitRate: Number.isFinite(bitRate) ? bitRate : 0,
    durationSeconds: duration,
    video: videoStream
      ? {
          codec: videoStream.codec_name ?? '',
          width: videoStream.width ?? 0,
          height: videoStream.height ?? 0,
          rotation: ((Math.round(rotation) % 360) + 360) % 360,
          pixelFormat: videoStream.pix_fmt ?? '',
          frameRate: frameRateOf(videoStream.avg_frame_rate ?? videoStream.r_frame_rate),
        }
      : null,
    audio: audioStream
      ? { codec: audioStream.codec_name ?? '', channels: audioStream.channels ?? 0 }
      : null,
  };
}

/** '30000/1001' as 29.97; 0 for '0/0' or nothing. */
function frameRateOf(rate: string | undefined): number {
  const [n, d] = (rate ?? '').split('/').map(Number);
  return n && d ? n / d : 0;
}

/** The picture's size as it is shown: a phone's portrait clip is stored landscape, rotated. */
export function displaySize(video: NonNullable<MediaProbe['video']>) {
  const turned = video.rotation === 90 || video.rotation === 270;
  return turned
    ? { width: video.height, height: video.width }
    : { width: video.width, height: video.height };
}
