import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** Files the journeys upload, made in the test so that none needs a fixture on disk. */

/** A small valid PNG (a purple and gold gradient), made here so the test needs no fixture. */
export function png(width = 48, height = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows.set([90 + x * 3, 31 + y * 4, 99], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real recording made by Debian's ffmpeg (issue 18: every recording is probed and processed,
 * so random bytes behind an MP4 header are refused now): moving colour bars, noise and a tone.
 * `bytes` sets the bitrate so the file comes out near that size; `hevc` records as an iPhone
 * does, in a .mov with a title naming the child. Made once per shape and kept in the temporary
 * folder, so the journeys and both screen sizes share it.
 */
export function recording(
  options: {
    seconds?: number;
    bytes?: number;
    hevc?: boolean;
    size?: string;
    /** No sound track at all (a phone's sound switched off). */
    silent?: boolean;
  } = {},
): Buffer {
  const seconds = options.seconds ?? 3;
  const size = options.size ?? '640x360';
  const bitrate = options.bytes ? Math.round((options.bytes * 8) / seconds) : 400_000;
  const container = options.hevc ? 'mov' : 'mp4';
  const file = path.join(
    tmpdir(),
    `eisteddfod-e2e-${options.hevc ? 'hevc' : 'h264'}-${size}-${seconds}s-${bitrate}${options.silent ? '-silent' : ''}.${container}`,
  );
  if (!existsSync(file)) {
    const video = options.hevc
      ? [
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-x265-params',
          'log-level=error',
          '-tag:v',
          'hvc1',
        ]
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...[
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${size}:rate=25:duration=${seconds},noise=alls=40:allf=t`,
      ],
      ...(options.silent ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`]),
      ...video,
      ...['-b:v', String(bitrate), '-maxrate', String(bitrate), '-bufsize', String(bitrate)],
      ...(options.silent ? [] : ['-c:a', 'aac', '-shortest']),
      ...['-metadata', 'title=Thandeka at Greenside Primary'],
      `${file}.${process.pid}.part.${container}`,
    ]);
    // Two workers may make the same file at once: each writes its own, the last rename wins.
    renameSync(`${file}.${process.pid}.part.${container}`, file);
  }
  return readFileSync(file);
}
