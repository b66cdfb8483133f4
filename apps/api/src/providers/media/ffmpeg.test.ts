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
  });
});
