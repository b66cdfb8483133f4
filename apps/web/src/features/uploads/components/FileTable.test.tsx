import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withMantine } from '../../../test/render.tsx';
import { upload } from '../test/fixtures.ts';
import { FileTable } from './FileTable.tsx';
import { processingText } from '../text.ts';

const processing = (changes: Partial<ReturnType<typeof upload>['processing']>) =>
  upload({ processing: { ...upload().processing, ...changes } });

function table(files: ReturnType<typeof upload>[], timeLimitSeconds: number | null = null) {
  withMantine(
    <FileTable
      label="Main entry files of MU101"
      timeLimitSeconds={timeLimitSeconds}
      files={files}
      canDelete
      deletingId={null}
      onView={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
  return screen.getByRole('table', { name: 'Main entry files of MU101' });
}

describe('a file’s processing in the uploads portal (issue 18)', () => {
  it('says a file is being processed, and not yet that it is complete', () => {
    const pending = table([processing({ state: 'pending' })]);
    expect(within(pending).getByText(processingText('processing'))).toBeVisible();
    expect(within(pending).queryByText('Complete')).toBeNull();
  });

  it('shows a processed recording’s length and poster, linking to its preview', () => {
    const files = table([
      processing({
        state: 'ready',
        durationSeconds: 187.4,
        posterUrl: '/media/posters/900?expires=1&signature=s',
        previewUrl: '/media/play/900?blind=1&expires=1&signature=s',
      }),
    ]);
    expect(within(files).getByText('(3:07)')).toBeVisible();
    const preview = within(files).getByRole('link', { name: /Preview my-song\.mp4/ });
    expect(preview).toHaveAttribute('href', '/media/play/900?blind=1&expires=1&signature=s');
    expect(preview.querySelector('img')).toHaveAttribute(
      'src',
      '/media/posters/900?expires=1&signature=s',
    );
  });

  it('warns of a recording that is too long, silent or unreadable, in words a parent reads', () => {
    const files = table(
      [
        processing({ state: 'ready', durationSeconds: 212, warnings: ['too-long', 'no-audio'] }),
        upload({
          id: 901,
          originalFileName: 'broken.mp4',
          processing: { ...upload().processing, state: 'failed', warnings: ['unreadable'] },
        }),
      ],
      180,
    );
    expect(
      within(files).getByText(
        "This recording is 3:32 long, over this item's time limit of 3:00. Please upload a shorter recording before the deadline.",
      ),
    ).toBeVisible();
    expect(within(files).getByText(processingText('noAudio'))).toBeVisible();
    expect(within(files).getByText(processingText('unreadable'))).toBeVisible();
    expect(within(files).getByText('Could not be read')).toBeVisible();
  });

  it('says a recording was not checked when the server cannot process recordings', () => {
    const files = table([processing({ state: 'unchecked' })]);
    expect(within(files).getByText(processingText('unchecked'))).toBeVisible();
  });
});

describe('an artwork’s thumbnail in the uploads portal (issue 32, decision 047)', () => {
  const painting = (changes: Partial<ReturnType<typeof upload>['processing']>) =>
    upload({
      id: 902,
      originalFileName: 'painting.jpg',
      videoId: null,
      isVideo: false,
      processing: { ...upload().processing, ...changes },
    });

  it('shows the thumbnail of an image the server has checked', () => {
    const files = table([
      painting({ thumbnailUrl: '/media/thumbnails/902?expires=1&signature=s' }),
    ]);
    expect(within(files).getByRole('img', { name: 'Thumbnail of painting.jpg' })).toHaveAttribute(
      'src',
      '/media/thumbnails/902?expires=1&signature=s',
    );
  });

  it('shows a neutral picture for an image checked before thumbnails were made', () => {
    const files = table([
      painting({ thumbnailUrl: null }),
      { ...painting({ thumbnailUrl: undefined }), id: 904 },
    ]);
    expect(within(files).getAllByRole('img', { name: 'No thumbnail' })).toHaveLength(2);
  });

  it('shows neither for a recording or a document', () => {
    const files = table([
      upload(),
      upload({ id: 903, videoId: null, originalFileName: 'poem.pdf' }),
    ]);
    expect(within(files).queryByRole('img', { name: /thumbnail/i })).toBeNull();
  });
});
