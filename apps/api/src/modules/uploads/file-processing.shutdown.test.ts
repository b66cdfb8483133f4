import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFamily } from '../../test/family.ts';
import { catalogueItems } from '../../test/fixtures.ts';
import { hasFfmpeg, makeClip } from '../../test/media.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';
import * as repo from './entry-files.repository.ts';
import { createFileProcessing } from './file-processing.service.ts';

// Issue 31: an instance stopped while it made a rendition must not keep the file for hours.
// Its own file and database: closing a server is the point.

const NOW = '2025-04-01T10:00:00.000Z';

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * An ffmpeg that, while `marker` exists, hangs on any file it is given (a long recording being
 * made), writing its process id to `pidFile`; otherwise the machine's ffmpeg.
 */
function hangingFfmpeg(folder: string) {
  const marker = path.join(folder, 'hang');
  const pidFile = path.join(folder, 'pid');
  const script = path.join(folder, 'ffmpeg');
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      `case " $* " in *" -i "*) if [ -e '${marker}' ]; then echo $$ > '${pidFile}'; exec sleep 600; fi;; esac`,
      'exec ffmpeg "$@"',
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  writeFileSync(marker, '');
  return { script, marker, pidFile };
}

const ownFolders = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`eisteddfod-media-${process.pid}-`));

describe.skipIf(!hasFfmpeg)('an instance stopped during processing (issue 31)', () => {
  let t: TestApp;
  const folder = mkdtempSync(path.join(tmpdir(), 'hanging-ffmpeg-'));
  const ffmpeg = hangingFfmpeg(folder);
  let ffmpegPid = 0;
  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      env: { SESSION_HOURS: '720', FFMPEG_PATH: ffmpeg.script },
    });
  });
  afterAll(async () => {
    if (ffmpegPid && isRunning(ffmpegPid)) process.kill(ffmpegPid, 'SIGKILL');
    await t.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('kills ffmpeg, hands the claim back, and the other instance processes the file within a minute', async () => {
    const stopping = t.app;
    const base = await stopping.listen({ port: 0, host: '127.0.0.1' });
    const item = (await catalogueItems(t)).find(
      (i) => i.category.section === 'Music' && !i.isGroupItem && !i.requiresAnInstrument,
    )!;
    const f = await createFamily(t);
    const cart = await f.openCart();
    const profile = await f.addContestant({ firstName: 'Thandeka', surname: 'Mokoena' });
    const added = await f.call('POST', `/api/Orders/${cart}/OrderItems`, {
      itemId: item.id,
      participantProfileId: profile,
    });
    await f.payCart(cart);
    const entry = added.json<{ id: number }>().id;
    const clip = makeClip('h264-mp4');
    const sent = await tusClient(() => base).upload(f, entry, 'poem.mp4', await readFile(clip));
    expect(sent.status, sent.body).toBe(204);

    // The only instance took the job, and its ffmpeg is at work.
    const until = Date.now() + 30_000;
    while (!existsSync(ffmpeg.pidFile) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    ffmpegPid = Number(readFileSync(ffmpeg.pidFile, 'utf8'));
    expect(ffmpegPid).toBeGreaterThan(0);
    const [upload] = await repo.findLiveUploads(t.database.db, [entry]);
    expect(upload!.processingState).toBe('pending');

    // A second instance runs; the first is stopped (what SIGTERM does: server.ts closes it).
    rmSync(ffmpeg.marker);
    const other = await t.anotherInstance();
    const stoppedAt = Date.now();
    await stopping.close();
    expect(isRunning(ffmpegPid)).toBe(false);

    let row = (await repo.findUploadById(t.database.db, upload!.id))!;
    while (row.processingState === 'pending' && Date.now() - stoppedAt < 60_000) {
      await new Promise((r) => setTimeout(r, 250));
      row = (await repo.findUploadById(t.database.db, upload!.id))!;
    }
    expect(row.processingState).toBe('ready');
    expect(Date.now() - stoppedAt).toBeLessThan(60_000);
    // The stopped run spent no attempt; the other instance's is the only one.
    expect(row.processingAttempts).toBe(1);
    expect(row.servedKey).toMatch(/\.mp4$/);
    // Neither instance left a temporary copy.
    await other.jobs.settled('uploads.process-file');
    expect(ownFolders()).toEqual([]);
  }, 120_000);

  it('clears at start-up the temporary folders of processes that no longer run, never a live one', async () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'processing-temp-'));
    const dead = spawnSync('true').pid!;
    for (const name of [
      `eisteddfod-media-${dead}-a1b2c3`,
      `eisteddfod-media-${process.pid}-d4e5f6`,
      'someone-elses',
    ]) {
      mkdirSync(path.join(temp, name));
      writeFileSync(path.join(temp, name, 'original'), 'bytes');
    }
    const processing = createFileProcessing({
      db: t.database.db,
      storage: t.app.storage,
      videoFiles: t.app.videoFiles,
      videoHost: t.app.videoHost,
      tools: t.app.mediaTools,
      log: t.app.log,
      tempDir: temp,
    });
    expect(await processing.removeStaleTemporaryFiles()).toBe(1);
    expect(readdirSync(temp).sort()).toEqual([
      `eisteddfod-media-${process.pid}-d4e5f6`,
      'someone-elses',
    ]);
    rmSync(temp, { recursive: true, force: true });
  });
});
