import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { logIn } from '../test/contestant-fixtures.ts';
import { renderRoutes } from '../test/render.tsx';
import {
  forgetUpload,
  reloadUploadActivityForTests,
  showUpload,
  updateUpload,
  type UploadActivity,
} from '../shared/uploads/upload-activity.ts';
import { UploadActivityBar } from './UploadActivityBar.tsx';

const routes = [{ path: '*', element: <UploadActivityBar /> }];

const video = (changes: Partial<UploadActivity> = {}): UploadActivity => ({
  entryId: 301,
  customerId: 42,
  participantId: 7,
  entryLabel: 'MU101 for Ayanda',
  kind: 'video',
  fileName: 'big.mp4',
  phase: 'sending',
  percent: 23,
  stalled: false,
  ...changes,
});

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the uploads bar on every screen (issue 32)', () => {
  beforeEach(() => {
    logIn();
    reloadUploadActivityForTests();
  });

  it('shows a running upload on another screen, with the way back to the portal', () => {
    showUpload(video());
    renderRoutes(routes, '/orders');
    const bar = screen.getByRole('region', { name: 'Your uploads' });
    expect(bar).toHaveTextContent('MU101 for Ayanda: uploading big.mp4… 23%');
    expect(screen.getByRole('link', { name: 'Go to the Uploads portal' })).toHaveAttribute(
      'href',
      '/uploads',
    );
    act(() => updateUpload(301, { percent: 64 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading big.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '64',
    );
    expect(leaving()).toBe(true);
    act(() => forgetUpload(301));
    expect(screen.queryByRole('region', { name: 'Your uploads' })).toBeNull();
    expect(leaving()).toBe(false);
  });

  it('says where a paused upload stopped, and does not hold the parent on the site', () => {
    showUpload(video({ phase: 'paused', percent: 26 }));
    renderRoutes(routes, '/participant-profiles');
    expect(screen.getByRole('region', { name: 'Your uploads' })).toHaveTextContent(
      'big.mp4 paused at 26%: choose it again to continue',
    );
    expect(leaving()).toBe(false);
  });

  it('stays out of the portal, which shows each upload on its row', () => {
    showUpload(video());
    renderRoutes(routes, '/uploads');
    expect(screen.queryByRole('region', { name: 'Your uploads' })).toBeNull();
  });

  it("shows nothing of another account's uploads, or when logged out", () => {
    showUpload(video({ customerId: 99 }));
    renderRoutes(routes, '/orders');
    expect(screen.queryByRole('region', { name: 'Your uploads' })).toBeNull();
  });
});
