import { describe, expect, it } from 'vitest';
import { entriesTotals, fileCountText, finaliseReadiness, nextStepText } from './entry-state.ts';
import { entry, upload } from './test/fixtures.ts';
import { processingText } from './text.ts';
import { finalisingText } from '../../shared/uploads/entry-text.ts';

const withState = (state: 'pending' | 'ready' | 'failed', changes = {}) =>
  upload({ processing: { ...upload().processing, state }, ...changes });

describe('the Total Items line (decision 028)', () => {
  it('leaves withdrawn entries out of what the family can still complete, and names them', () => {
    expect(entriesTotals({ allEntries: 3, withdrawnEntries: 1, completeEntries: 1 })).toEqual({
      line: 'Total Items: 2 (1 of 2 complete)',
      withdrawnNote: 'Not counted: 1 withdrawn entry.',
      finalisedLine: null,
      notSentWarning: null,
    });
    expect(entriesTotals({ allEntries: 2, withdrawnEntries: 2, completeEntries: 0 })).toEqual({
      line: 'Total Items: 0 (0 of 0 complete)',
      withdrawnNote: 'Not counted: 2 withdrawn entries.',
      finalisedLine: null,
      notSentWarning: null,
    });
  });

  it('is the spec’s line when nothing is withdrawn', () => {
    expect(entriesTotals({ allEntries: 2, withdrawnEntries: 0, completeEntries: 1 })).toEqual({
      line: 'Total Items: 2 (1 of 2 complete)',
      withdrawnNote: null,
      finalisedLine: null,
      notSentWarning: null,
    });
  });

  it('says how many went to the adjudicators, and warns while any did not (decision 043)', () => {
    const totals = (finalisedEntries: number) =>
      entriesTotals({ allEntries: 3, withdrawnEntries: 1, completeEntries: 2, finalisedEntries });
    expect(totals(1)).toMatchObject({
      finalisedLine: '1 of 2 finalised (sent to the adjudicators)',
      notSentWarning: finalisingText('notSentWarning', { count: 1 }),
    });
    expect(finalisingText('notSentWarning', { count: 1 })).toMatch(/^1 entry is not yet sent/);
    // Counted in words (moved from the shared rules' test: the catalogue is said by a translator).
    expect(finalisingText('notSentWarning', { count: 3 })).toBe(
      "3 entries are not yet sent to the adjudicators. An entry is marked only once you finalise it: upload its main file, then press 'Finalise Entry' before its due date.",
    );
    expect(totals(2)).toMatchObject({
      finalisedLine: '2 of 2 finalised (sent to the adjudicators)',
      notSentWarning: null,
    });
  });
});

describe('an entry’s next step', () => {
  it('is to upload, then to wait for processing, then to finalise', () => {
    expect(finaliseReadiness(entry())).toBe('no-main-file');
    expect(nextStepText(entry())).toMatch(/^Next: upload your main entry file/);
    const processing = entry({ status: 1, orderItemUploads: [withState('pending')] });
    expect(finaliseReadiness(processing)).toBe('processing');
    expect(nextStepText(processing)).toBe(processingText('finaliseWhileProcessing'));
    const ready = entry({ status: 1, orderItemUploads: [withState('ready')] });
    expect(finaliseReadiness(ready)).toBe('ready');
    expect(nextStepText(ready)).toMatch(/then finalise/);
  });

  it('waits for a supporting file being processed too, and ignores a deleted main file', () => {
    const supporting = withState('pending', { id: 2, uploadType: 3, originalFileName: 'a.pdf' });
    expect(
      finaliseReadiness(entry({ status: 1, orderItemUploads: [withState('ready'), supporting] })),
    ).toBe('processing');
    expect(finaliseReadiness(entry({ orderItemUploads: [upload({ isDeleted: true })] }))).toBe(
      'no-main-file',
    );
  });

  it('points to the notes on a file before finalising (too long, no sound)', () => {
    const noted = upload({
      processing: { ...upload().processing, state: 'ready', warnings: ['no-audio'] },
    });
    const warned = entry({ status: 1, orderItemUploads: [noted] });
    expect(finaliseReadiness(warned)).toBe('ready');
    expect(nextStepText(warned)).toMatch(/^Next: read the notes on your files, then finalise/);
  });

  it('asks for a new main file when every main file failed', () => {
    const broken = entry({ status: 1, orderItemUploads: [withState('failed')] });
    expect(finaliseReadiness(broken)).toBe('unreadable');
    expect(nextStepText(broken)).toBe(processingText('finaliseUnreadable'));
  });

  it('has nothing left once finalised, withdrawn or past the deadline', () => {
    expect(nextStepText(entry({ isSubmittedForMarking: true }))).toBeNull();
    expect(nextStepText(entry({ isCancelled: true }))).toBeNull();
    expect(nextStepText(entry({ deadlinePassed: true, status: 2 }))).toBeNull();
  });
});

describe('the row’s file count', () => {
  it('counts live main and supporting files', () => {
    expect(fileCountText(entry())).toBe('No files yet');
    expect(
      fileCountText(
        entry({
          orderItemUploads: [
            upload(),
            upload({ id: 2, isDeleted: true }),
            upload({ id: 3, uploadType: 3 }),
            upload({ id: 4, uploadType: 3 }),
          ],
        }),
      ),
    ).toBe('1 main file, 2 supporting files');
  });
});
