import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withMantine } from '../../../test/render.tsx';
import { EntryPlayer } from './EntryPlayer.tsx';

const file = (processing: 'pending' | 'ready' | 'failed' | 'unchecked') => ({
  uploadId: 9,
  label: 'Main file 1 (.mp4)',
  uploadType: 2 as const,
  isVideo: true,
  url: '/media/uploads/9?blind=1&expires=1&signature=s',
  playerUrl: '/media/play/9?blind=1&expires=1&signature=s',
  posterUrl: '/media/posters/9?expires=1&signature=s',
  processing,
  durationSeconds: 187.4,
});

describe('the adjudicator’s player (issue 18)', () => {
  it('plays the rendition with its poster, and moves and mutes from the keyboard', () => {
    withMantine(<EntryPlayer file={file('ready')} entryCode="E55" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Main file 1 (.mp4) of entry E55');
    expect(video).toHaveAttribute('poster', '/media/posters/9?expires=1&signature=s');
    expect(video).toHaveAttribute('src', '/media/uploads/9?blind=1&expires=1&signature=s');
    expect(video).toHaveAccessibleDescription(/Length 3:07\..*Space play or pause/);
    fireEvent.keyDown(video, { key: 'l' });
    expect(video.currentTime).toBe(10);
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(5);
    fireEvent.keyDown(video, { key: 'm' });
    expect(video.muted).toBe(true);
  });

  it('says so, instead of a player, while a recording is processed or when it could not be read', () => {
    const { unmount } = withMantine(<EntryPlayer file={file('pending')} entryCode="E55" />);
    expect(screen.getByText(/still being processed/)).toBeVisible();
    expect(screen.queryByLabelText(/of entry E55/)).toBeNull();
    unmount();
    withMantine(<EntryPlayer file={file('failed')} entryCode="E55" />);
    expect(screen.getByText(/could not be read/)).toBeVisible();
  });
});
