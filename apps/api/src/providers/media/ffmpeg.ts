import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { displaySize, MEDIA_LIMITS, NotMediaError, readProbe, type MediaProbe } from './ffprobe.ts';

export { displaySize, NotMediaError, readProbe, type MediaProbe } from './ffprobe.ts';

/**
 * Debian's ffmpeg and ffprobe, run as child processes (decision 025). Nothing here is
 * downloaded: the binaries are the machine's (`apt-get install ffmpeg`), found on PATH or at
 * FFMPEG_PATH / FFPROBE_PATH. Without them the product still runs: recordings are kept as
 * uploaded and marked 'unchecked'.
 */
export interface MediaTools {
  /** Whether ffmpeg and ffprobe answered when asked for their version (asked once). */
  available(): Promise<boolean>;
  /**
   * What a file holds; throws NotMediaError when it holds no audio or video we can play, or
   * more than we process (longer than an hour, larger than 4K).
   */
  probe(file: string, signal?: AbortSignal): Promise<MediaProbe>;
  /**
   * Writes `output` (.mp4 for video, .m4a for audio): H.264/AAC with fast start, at most 1080p,
   * or the original's own streams copied when they already play in every browser. Either way
   * only the first video and audio streams are kept, with no container or stream tags (title,
   * location, device), no chapters and no data tracks (an iPhone's location track).
   */
  makeRendition(
    input: string,
    probe: MediaProbe,
    output: string,
    signal?: AbortSignal,
  ): Promise<RenditionKind>;
  /** A JPEG frame a second in (or half-way through a shorter clip), at most 1280 px wide. */
  makePoster(input: string, probe: MediaProbe, output: string, signal?: AbortSignal): Promise<void>;
}

/**
 * The work was stopped by `signal` (the server is shutting down): ffmpeg was killed, and the
 * file is neither refused nor given an attempt for it (decision 038).
 */
export class ProcessingStoppedError extends Error {
  constructor() {
    super('processing stopped: the server is shutting down');
    this.name = 'ProcessingStoppedError';
  }
}

export type RenditionKind = 'copied' | 'transcoded';

/** ffmpeg ran past its time: the file is refused rather than tried again at the same cost. */
export class ProcessingTimeoutError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ProcessingTimeoutError';
  }
}

/** The longest side and the shortest side a rendition may have (1080p, landscape or portrait). */
const MAX_LONG_SIDE = 1920;
const MAX_SHORT_SIDE = 1080;

/** Above this a copied file is made again at the rendition's rate: a phone's 17 Mbit/s H.264
 * stutters on an adjudicator's home line, and a 10-minute performance would be 1.3 GB. */
const MAX_COPIED_BITS_PER_SECOND = 8_000_000;

/**
 * Whether every current browser plays the file as it is: an MP4/MOV family container with
 * 8-bit 4:2:0 H.264 no larger than 1080p at most 8 Mbit/s and AAC or MP3 sound (or none);
 * audio alone as AAC in MP4. Anything else (HEVC from an iPhone, WMV, MPEG-2, 10-bit, 4K) is
 * transcoded.
 */
export function playsEverywhere(probe: MediaProbe): boolean {
  const mp4Family = probe.container.split(',').includes('mp4');
  const audioOk = !probe.audio || ['aac', 'mp3'].includes(probe.audio.codec);
  // Sound alone is kept as .m4a, which holds AAC (an MP3 is made AAC: small, and as clean).
  if (!probe.video) return mp4Family && probe.audio?.codec === 'aac';
  const { width, height } = displaySize(probe.video);
  return (
    mp4Family &&
    audioOk &&
    probe.video.codec === 'h264' &&
    probe.video.pixelFormat === 'yuv420p' &&
    probe.bitRate <= MAX_COPIED_BITS_PER_SECOND &&
    Math.max(width, height) <= MAX_LONG_SIDE &&
    Math.min(width, height) <= MAX_SHORT_SIDE
  );
}

/** The output extension of a rendition: MP4 for video, M4A for sound alone. */
export const renditionExtension = (probe: MediaProbe) => (probe.video ? 'mp4' : 'm4a');

/**
 * What ffprobe and ffmpeg may open, before the file: only a local file, and only the demuxers
 * of the recordings we accept (MP4/MOV/M4A, MP3, WAV, Ogg, WebM, WMV, MPEG). ffmpeg picks a
 * demuxer by the content, not the extension: without this an "mp4" that is really a playlist
 * (HLS, concat, ffconcat) would make the worker read other files or reach the network.
 */
const INPUT_GUARD = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  'mov,mp3,wav,ogg,matroska,asf,mpeg,mpegts',
];

/** Options every output shares: no tags of any kind, first streams only, fast start. */
const CLEAN_OUTPUT = [
  '-map_metadata',
  '-1',
  '-map_chapters',
  '-1',
  '-dn',
  '-sn',
  '-fflags',
  '+bitexact',
  '-movflags',
  '+faststart',
];

/** The rendition's arguments, exported so the benchmark and tests see what production runs. */
export function renditionArguments(input: string, probe: MediaProbe, output: string): string[] {
  const head = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...INPUT_GUARD,
    '-i',
    input,
  ];
  // 'V' is a video stream that is not a picture attached to the file (cover art with its own
  // EXIF, which could come first in the file); never longer than the limit.
  const maps = [
    ...(probe.video ? ['-map', '0:V:0'] : ['-vn']),
    ...(probe.audio ? ['-map', '0:a:0'] : ['-an']),
    ...['-t', String(MEDIA_LIMITS.seconds)],
  ];
  if (playsEverywhere(probe)) {
    // Copied streams keep what the camera wrote inside them: H.264's SEI messages (type 6) can
    // carry a name, a place or a time, so they are dropped.
    const sei = probe.video ? ['-bsf:v', 'filter_units=remove_types=6'] : [];
    return [...head, ...maps, '-c', 'copy', ...sei, ...CLEAN_OUTPUT, output];
  }
  const audio = probe.audio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : [];
  if (!probe.video) return [...head, ...maps, ...audio, ...CLEAN_OUTPUT, output];
  // ffmpeg turns the picture upright before this filter, so iw and ih are as shown: the long
  // side is held to 1920 and the short to 1080, never enlarged, with even sides for x264.
  const fps =
    probe.video.frameRate > MEDIA_LIMITS.frameRate + 0.5 ? `,fps=${MEDIA_LIMITS.frameRate}` : '';
  const scale =
    "scale='if(gte(iw,ih),min(1920,iw),min(1080,iw))':'if(gte(iw,ih),min(1080,ih),min(1920,ih))'" +
    `:force_original_aspect_ratio=decrease:force_divisible_by=2,format=yuv420p${fps}`;
  return [
    ...head,
    ...maps,
    '-vf',
    scale,
    '-c:v',
    'libx264',
    // superfast keeps a 1080p clip faster than real time on two cores where veryfast did not
    // (bench/video-processing: 1.0–1.1 CPU seconds a second against 1.5–1.6, about 3% larger at
    // the cap); the cap keeps a 10-minute performance near 400 MB for an adjudicator's line.
    '-preset',
    'superfast',
    '-crf',
    '23',
    '-maxrate',
    '5M',
    '-bufsize',
    '10M',
    '-profile:v',
    'high',
    ...audio,
    ...CLEAN_OUTPUT,
    output,
  ];
}

/**
 * Runs a binary and resolves with its stdout; rejects with the end of stderr on failure, and
 * with ProcessingStoppedError once `signal` aborts (the child is killed then, not left running
 * past the server that started it).
 */
function run(
  binary: string,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ProcessingStoppedError());
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', stop, { once: true });
    // Below the server's own requests: families' pages stay quick while a video is made.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here (a container without the capability): it runs at normal priority.
      }
    }
    let timedOut = false;
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else {
        if (signal?.aborted) {
          reject(new ProcessingStoppedError());
          return;
        }
        if (timedOut) {
          reject(new ProcessingTimeoutError(`${binary} took more than ${timeoutMs / 1000} s`));
          return;
        }
        const why = killedBy ? `killed by ${killedBy}` : `exit code ${code}`;
        reject(new Error(`${binary} failed (${why}): ${err.trim().slice(-1000)}`));
      }
    });
  });
}

export function createMediaTools(options: { ffmpeg: string; ffprobe: string }): MediaTools {
  let availability: Promise<boolean> | undefined;
  // A job may take a while, never forever: four times the clip's length, at least ten minutes,
  // at most MEDIA_LIMITS.runMs whatever the file claims.
  const budget = (probe: MediaProbe) =>
    Math.min(
      MEDIA_LIMITS.runMs,
      Math.max(600_000, (probe.durationSeconds ?? MEDIA_LIMITS.seconds) * 4_000),
    );
  return {
    available() {
      availability ??= Promise.all([
        run(options.ffmpeg, ['-hide_banner', '-version'], 10_000),
        run(options.ffprobe, ['-hide_banner', '-version'], 10_000),
      ]).then(
        () => true,
        () => false,
      );
      return availability;
    },
    async probe(file, signal) {
      let json: string;
      try {
        json = await run(
          options.ffprobe,
          [
            ...['-v', 'error', ...INPUT_GUARD, '-print_format', 'json'],
            ...['-show_format', '-show_streams', file],
          ],
          60_000,
          signal,
        );
      } catch (err) {
        if (err instanceof ProcessingStoppedError) throw err;
        throw new NotMediaError(err instanceof Error ? err.message : String(err));
      }
      return readProbe(JSON.parse(json));
    },
    async makeRendition(input, probe, output, signal) {
      await run(options.ffmpeg, renditionArguments(input, probe, output), budget(probe), signal);
      return playsEverywhere(probe) ? 'copied' : 'transcoded';
    },
    async makePoster(input, probe, output, signal) {
      const at = Math.min(1, (probe.durationSeconds ?? 2) / 2);
      await run(
        options.ffmpeg,
        [
          ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
          ...['-ss', at.toFixed(3), ...INPUT_GUARD, '-i', input, '-frames:v', '1'],
          ...['-vf', "scale='min(1280,iw)':-2", '-q:v', '4', '-map_metadata', '-1', output],
        ],
        120_000,
        signal,
      );
    },
  };
}
