import { type ParticipantOrderItem } from '@eisteddfod/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { withMantine } from '../../../test/render.tsx';
import { entry, upload } from '../test/fixtures.ts';
import { uploadSettings } from '../upload-settings.ts';
import { EntryCard } from './EntryCard.tsx';
import { uploadText, processingText } from '../text.ts';

const pending = upload({ processing: { ...upload().processing, state: 'pending' } });
const failed = upload({ processing: { ...upload().processing, state: 'failed' } });

function row(shown: ParticipantOrderItem, changes: { onFinalise?: () => void } = {}) {
  withMantine(
    <EntryCard
      entry={shown}
      settings={uploadSettings(undefined)}
      upload={undefined}
      deletingId={null}
      finalising={false}
      onUpload={vi.fn()}
      onCancelUpload={vi.fn()}
      onRetryUpload={vi.fn()}
      onDismissUpload={vi.fn()}
      onView={vi.fn()}
      onDelete={vi.fn()}
      onFinalise={changes.onFinalise ?? vi.fn()}
      onWithdraw={vi.fn()}
      onShowResult={vi.fn()}
    />,
  );
  return screen.getByRole('article', { name: new RegExp(`^Entry Title: ${shown.itemCode} `) });
}

const finaliseButton = (article: HTMLElement) =>
  within(article).getByRole('button', { name: 'Finalise Entry MU101' });

describe('an entry’s row in the uploads portal (issue 19)', () => {
  it('shows the status, the file count and one next step, with the files out of the way', () => {
    const article = row(entry());
    expect(within(article).getByText(uploadText('badgeIncomplete'))).toBeVisible();
    expect(within(article).getByText('No files yet')).toBeVisible();
    expect(within(article).getByText(/^Next: upload your main entry file/)).toBeVisible();
    // Upload is the primary step; Finalise Entry is there, but secondary, until a main file is in.
    const upload = within(article).getByRole('button', { name: 'Upload files for MU101' });
    expect(upload).toHaveAttribute('data-variant', 'filled');
    expect(finaliseButton(article)).toHaveAttribute('data-variant', 'default');
    // The detail (tables, uploaders, Withdraw Entry) is one tap away, not on the row.
    expect(within(article).queryByRole('table')).toBeNull();
    expect(within(article).queryByRole('button', { name: /Withdraw Entry/ })).toBeNull();
    expect(within(article).getByRole('button', { name: 'Details of MU101' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens the detail at the entry’s uploader and its file picker when Upload is pressed', async () => {
    const user = userEvent.setup();
    const article = row(entry());
    const opened = vi.spyOn(HTMLInputElement.prototype, 'click');
    await user.click(within(article).getByRole('button', { name: 'Upload files for MU101' }));
    const picker = within(article).getByRole('button', { name: 'Upload video or audio for MU101' });
    expect(picker).toHaveFocus();
    // The file picker opens at once (issue 32), on the recording uploader's own input.
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened.mock.contexts[0]).toHaveAttribute(
      'aria-label',
      'Upload video or audio for MU101',
    );
    opened.mockRestore();
    expect(within(article).getByRole('button', { name: 'Details of MU101' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(article).getByRole('table', { name: 'Main entry files of MU101' })).toBeVisible();
    expect(within(article).getByRole('button', { name: 'Withdraw Entry MU101' })).toBeVisible();
  });

  it('makes Finalise Entry the primary step once the main file is processed', async () => {
    const onFinalise = vi.fn();
    const user = userEvent.setup();
    const article = row(entry({ status: 1, orderItemUploads: [upload()] }), { onFinalise });
    expect(within(article).getByText('1 main file')).toBeVisible();
    expect(within(article).queryByRole('button', { name: /^Upload/ })).toBeNull();
    const button = finaliseButton(article);
    expect(button).toHaveAttribute('data-variant', 'filled');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    expect(onFinalise).toHaveBeenCalledOnce();
  });

  it('keeps Finalise Entry disabled, and says why, while a file is being processed', () => {
    const article = row(entry({ status: 1, orderItemUploads: [pending] }));
    const button = finaliseButton(article);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(processingText('finaliseWhileProcessing'));
    expect(within(article).getByText(processingText('processing'))).toBeVisible();
  });

  it('asks for the main file again when it could not be read', () => {
    const article = row(entry({ status: 1, orderItemUploads: [failed] }));
    expect(finaliseButton(article)).toBeDisabled();
    expect(finaliseButton(article)).toHaveAccessibleDescription(
      processingText('finaliseUnreadable'),
    );
    expect(within(article).getByRole('button', { name: 'Upload files for MU101' })).toBeVisible();
  });

  it('offers no step on a finalised, withdrawn or closed entry, only its detail and result', () => {
    for (const closed of [
      entry({ id: 1, status: 1, isSubmittedForMarking: true, orderItemUploads: [upload()] }),
      entry({ id: 2, isCancelled: true }),
      entry({ id: 3, status: 2, deadlinePassed: true }),
    ]) {
      const article = row(closed);
      expect(within(article).queryByRole('button', { name: /^(Upload|Finalise)/ })).toBeNull();
      expect(within(article).getByRole('button', { name: 'Details of MU101' })).toBeVisible();
      expect(within(article).getByRole('button', { name: 'View Result of MU101' })).toBeVisible();
      cleanup();
    }
  });
});
