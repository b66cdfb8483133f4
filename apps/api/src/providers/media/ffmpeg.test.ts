import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fakeMp4,
  hasFfmpeg,
  IDENTIFYING_LOCATION,
  IDENTIFYING_TITLE,
  makeClip,
  tagsOf,
} from '../../test/media.ts';
import {
  createMediaTools,
  NotMediaError,
  playsEverywhere,
  readProbe,
  renditionArguments,
  renditionExtension,
} from './ffmpeg.ts';

const tools = createMediaTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
const out = (name: string) => path.join(mkdtempSync(path.join(tmpdir(), 'rendition-')), name);

/** What must never reach an adjudicator's copy, in its tags or anywhere in its bytes. */
function expectNothingIdentifying(file: string) {
  const tags = tagsOf(file);
  expect(tags).not.toContain('Thandeka');
  expect(tags).not.toContain('028.0436');
  const bytes = readFileSync(file).toString('latin1');
  expect(bytes).not.toContain(IDENTIFYING_TITLE);
  expect(bytes).not.toContain(IDENTIFYING_LOCATION);
}

describe.skipIf(!hasFfmpeg)('media tools on Debian’s ffmpeg', () => {
  it('finds ffmpeg, and says when it is not there', async () => {
    expect(await tools.available()).toBe(true);
    const none = createMediaTools({
      ffmpeg: '/nonexistent/ffmpeg',
      ffprobe: '/nonexistent/ffprobe',
    });
    expect(await none.available()).toBe(false);
  });

  it('turns an iPhone HEVC .mov into H.264/AAC MP4 without its title or location', async () => {
    const clip = makeClip('hevc-mov');
    expect(tagsOf(clip)).toContain('Thandeka');
    const probe = await tools.probe(clip);
    expect(probe.video).toMatchObject({ codec: 'hevc', width: 360, height: 640 });
    expect(playsEverywhere(probe)).toBe(false);
    const rendition = out(`r.${renditionExtension(probe)}`);
    expect(await tools.makeRendition(clip, probe, rendition)).toBe('transcoded');
    const made = await tools.probe(rendition);
    expect(made.video).toMatchObject({
      codec: 'h264',
      width: 360,
      height: 640,
      pixelFormat: 'yuv420p',
    });
    expect(made.audio?.codec).toBe('aac');
    expect(made.durationSeconds).toBeCloseTo(2, 0);
    expectNothingIdentifying(rendition);
    // Fast start: the index (moov) comes before the media data, so playback starts at once.
    const bytes = readFileSync(rendition).toString('latin1');
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
  });

  it('transcodes Windows Media, and only copies what plays everywhere', async () => {
    const wmv = makeClip('wmv');
    const wmvProbe = await tools.probe(wmv);
    expect(await tools.makeRendition(wmv, wmvProbe, out('w.mp4'))).toBe('transcoded');

    const h264 = makeClip('h264-mp4');
    const probe = await tools.probe(h264);
    expect(playsEverywhere(probe)).toBe(true);
    const copy = out('c.mp4');
    expect(await tools.makeRendition(h264, probe, copy)).toBe('copied');
    expectNothingIdentifying(copy);
  });

  it('makes AAC sound of an MP3 (tags gone) and a poster only for pictures', async () => {
    const mp3 = makeClip('mp3');
    const probe = await tools.probe(mp3);
    expect(probe.video).toBeNull();
    expect(renditionExtension(probe)).toBe('m4a');
    const sound = out('s.m4a');
    await tools.makeRendition(mp3, probe, sound);
    expect((await tools.probe(sound)).audio?.codec).toBe('aac');
    expect(tagsOf(sound)).not.toContain('Thandeka');

    const silent = makeClip('silent-mp4');
    const silentProbe = await tools.probe(silent);
    expect(silentProbe.audio).toBeNull();
    const poster = out('p.jpg');
    await tools.makePoster(silent, silentProbe, poster);
    expect(readFileSync(poster).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('drops what a camera writes inside copied H.264 (SEI), and measures a WebM that does not say its length', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'camera-'));
    const camera = path.join(dir, 'camera.mp4');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-bsf:v'],
      'h264_metadata=sei_user_data=086f3693-b7b3-4f2c-9653-21492feee5b8+Thandeka Mokoena Springfield',
      camera,
    ]);
    expect(readFileSync(camera).toString('latin1')).toContain('Thandeka Mokoena');
    const probe = await tools.probe(camera);
    const copy = out('copy.mp4');
    expect(await tools.makeRendition(camera, probe, copy)).toBe('copied');
    expect(readFileSync(copy).toString('latin1')).not.toContain('Thandeka');
    expect((await tools.probe(copy)).video?.codec).toBe('h264');

    // A browser's MediaRecorder writes WebM as a stream, with no length in its header.
    const webm = path.join(dir, 'recorded.webm');
    writeFileSync(
      webm,
      execFileSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2'],
        ...['-c:v', 'libvpx', '-deadline', 'realtime', '-f', 'webm', 'pipe:1'],
      ]),
    );
    const streamed = await tools.probe(webm);
    expect(streamed.durationSeconds).toBeNull();
    const rendition = out('webm.mp4');
    await tools.makeRendition(webm, streamed, rendition);
    expect((await tools.probe(rendition)).durationSeconds).toBeCloseTo(2, 0);
  });

  it('refuses what is not really media', async () => {
    const fake = out('fake.mp4');
    writeFileSync(fake, fakeMp4());
    await expect(tools.probe(fake)).rejects.toBeInstanceOf(NotMediaError);
    // A playlist dressed as an MP4 would have the worker read other files (or the network).
    const clip = makeClip('h264-mp4');
    const playlist = path.join(path.dirname(clip), 'playlist.mp4');
    writeFileSync(playlist, `ffconcat version 1.0\nfile '${path.basename(clip)}'\n`);
    // Refused before it is opened, not only because its duration is unknown.
    await expect(tools.probe(playlist)).rejects.toThrow(/not on whitelist/);
    const hls = out('hls.mp4');
    writeFileSync(
      hls,
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nfile:///etc/hostname\n#EXT-X-ENDLIST\n',
    );
    await expect(tools.probe(hls)).rejects.toThrow(/not on whitelist/);
    const text = out('notes.mp4');
    writeFileSync(text, 'These are my notes, not a video.\n'.repeat(50));
    await expect(tools.probe(text)).rejects.toBeInstanceOf(NotMediaError);
  });
});

describe('reading ffprobe', () => {
  it('finds a phone’s rotation, and calls a text file read as a terminal no recording', () => {
    const probe = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '4.2' },
      streams: [
        {
          codec_type: 'video',
          codec_name: 'hevc',
          width: 1920,
          height: 1080,
          pix_fmt: 'yuv420p10le',
          side_data_list: [{ rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac', channels: 2 },
      ],
    });
    expect(probe.video?.rotation).toBe(270);
    expect(playsEverywhere(probe)).toBe(false);
    expect(() =>
      readProbe({
        format: { format_name: 'tty', duration: '1' },
        streams: [{ codec_type: 'video', codec_name: 'ansi', width: 640, height: 400 }],
      }),
    ).toThrow(NotMediaError);
    // An MP3's cover picture is not a video.
    const song = readProbe({
      format: { format_name: 'mp3', duration: '3' },
      streams: [
        { codec_type: 'audio', codec_name: 'mp3', channels: 2 },
        {
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 500,
          height: 500,
          disposition: { attached_pic: 1 },
        },
      ],
    });
    expect(song.video).toBeNull();
    expect(playsEverywhere(song)).toBe(false);
  });

  it('refuses more than any performance needs: over an hour, or larger than 4K', () => {
    const video = (width: number, height: number, duration: string) =>
      readProbe({
        format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration },
        streams: [{ codec_type: 'video', codec_name: 'hevc', width, height, pix_fmt: 'yuv420p' }],
      });
    expect(video(3840, 2160, '180').video?.width).toBe(3840);
    expect(() => video(7680, 4320, '180')).toThrow(NotMediaError);
    expect(() => video(1920, 1080, '3601')).toThrow(/longer than 60 minutes/);
  });

  it('maps the performance, not cover art; halves 60 fps; caps the length; strips SEI when copying', () => {
    const probe = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10' },
      streams: [
        {
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 600,
          height: 600,
          disposition: { attached_pic: 1 },
        },
        {
          codec_type: 'video',
          codec_name: 'hevc',
          width: 1920,
          height: 1080,
          pix_fmt: 'yuv420p',
          avg_frame_rate: '60000/1001',
        },
        { codec_type: 'audio', codec_name: 'aac', channels: 2 },
      ],
    });
    expect(probe.video?.frameRate).toBeCloseTo(59.94, 1);
    const args = renditionArguments('in.mov', probe, 'out.mp4');
    expect(args.join(' ')).toContain('-map 0:V:0');
    expect(args.join(' ')).toContain('-t 3600');
    expect(args.find((a) => a.startsWith('scale='))).toMatch(/,fps=30$/);
    const h264 = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10' },
      streams: [
        { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720, pix_fmt: 'yuv420p' },
      ],
    });
    expect(renditionArguments('in.mp4', h264, 'out.mp4').join(' ')).toContain(
      '-c copy -bsf:v filter_units=remove_types=6',
    );
  });

  it('keeps 4K and 10-bit H.264 for transcoding', () => {
    const base = { format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3' } };
    const video = (width: number, height: number, pix_fmt: string) =>
      readProbe({
        ...base,
        streams: [{ codec_type: 'video', codec_name: 'h264', width, height, pix_fmt }],
      });
    expect(playsEverywhere(video(1920, 1080, 'yuv420p'))).toBe(true);
    expect(playsEverywhere(video(1080, 1920, 'yuv420p'))).toBe(true);
    expect(playsEverywhere(video(3840, 2160, 'yuv420p'))).toBe(false);
    expect(playsEverywhere(video(1920, 1080, 'yuv420p10le'))).toBe(false);
    // A phone's own H.264 at 17 Mbit/s is made again at the rendition's rate.
    const heavy = readProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3', bit_rate: '17000000' },
      streams: [
        { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, pix_fmt: 'yuv420p' },
      ],
    });
    expect(playsEverywhere(heavy)).toBe(false);
  });
});
