import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Small recordings made by Debian's ffmpeg in the test itself (issue 18): what families send
 * from phones and old cameras, with the metadata that would unblind a contestant.
 */

/** Whether ffmpeg is here; CI installs it (.ci/run), so there its absence is a failure. */
export const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasFfmpeg && process.env.CI) {
  throw new Error('ffmpeg is missing: .ci/run installs Debian’s ffmpeg before the tests');
}

/** A name and a place that must never reach an adjudicator. */
export const IDENTIFYING_TITLE = 'Thandeka Mokoena at Greenside Primary';
export const IDENTIFYING_LOCATION = '-26.1467+028.0436/';

export type Clip =
  /** An iPhone's portrait HEVC .mov (360 × 640) with a title and a GPS location. */
  | 'hevc-mov'
  /** Windows Media, which plays almost nowhere. */
  | 'wmv'
  /** Sound alone. */
  | 'mp3'
  /** A picture with no sound. */
  | 'silent-mp4'
  /** H.264/AAC that plays everywhere already, with a title. */
  | 'h264-mp4';

const folder = () => mkdtempSync(path.join(tmpdir(), 'eisteddfod-clip-'));

function lavfi(seconds: number, size: string, rate = 25) {
  return [
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
  ];
}

/** Makes a clip of `seconds` (small, so tests stay fast); its path. */
export function makeClip(kind: Clip, seconds = 2): string {
  const dir = folder();
  const tags = [
    '-metadata',
    `title=${IDENTIFYING_TITLE}`,
    '-metadata',
    `location=${IDENTIFYING_LOCATION}`,
  ];
  const args: Record<Clip, { file: string; args: string[] }> = {
    'hevc-mov': {
      file: 'IMG_0042.MOV',
      args: [
        ...lavfi(seconds, '360x640'),
        ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
        ...['-tag:v', 'hvc1', '-c:a', 'aac', '-shortest', ...tags],
      ],
    },
    wmv: {
      file: 'recital.wmv',
      args: [...lavfi(seconds, '320x240'), '-c:v', 'wmv2', '-c:a', 'wmav2', '-shortest', ...tags],
    },
    mp3: {
      file: 'song.mp3',
      args: [
        ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
        ...['-c:a', 'libmp3lame', '-metadata', `artist=${IDENTIFYING_TITLE}`],
      ],
    },
    'silent-mp4': {
      file: 'dance.mp4',
      args: [
        ...['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...tags],
      ],
    },
    'h264-mp4': {
      file: 'poem.mp4',
      args: [
        ...lavfi(seconds, '320x240', 5),
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-shortest', ...tags],
      ],
    },
  };
  const { file, args: clipArgs } = args[kind];
  const out = path.join(dir, file);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...clipArgs, out]);
  return out;
}

/** An "mp4" whose header says MP4 and whose content is a text file: not a recording. */
export function fakeMp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.write('isomiso2avc1mp41', 8, 'latin1');
  return Buffer.concat([ftyp, Buffer.from('Dear adjudicator, this is not a video. '.repeat(200))]);
}

/** The tags ffprobe finds in a file, in its container and every stream, as one string. */
export function tagsOf(file: string): string {
  return execFileSync('ffprobe', [
    ...['-v', 'error', '-print_format', 'json', '-show_entries'],
    'format_tags:stream_tags',
    file,
  ]).toString('utf8');
}
