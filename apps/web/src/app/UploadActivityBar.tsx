import { Anchor } from '@mantine/core';
import { paths } from '@eisteddfod/shared';
import { Link, useLocation } from 'react-router';
import { useIsLoggedIn } from '../lib/session.ts';
import { storedCustomerId } from '../lib/storage.ts';
import {
  isRunning,
  useAskBeforeLeaving,
  useUploadActivity,
} from '../shared/uploads/upload-activity.ts';
import { UploadActivityList } from '../shared/uploads/UploadActivityList.tsx';
import classes from './UploadActivityBar.module.css';
import { text } from './text.ts';

/**
 * The family's uploads on every screen (issue 32): a video goes on while the parent looks at
 * My Orders, and a paused one says where it stopped. The Uploads portal shows each on its
 * entry's row instead. While anything is being sent, leaving the site asks first.
 */
export function UploadActivityBar() {
  const loggedIn = useIsLoggedIn();
  const activity = useUploadActivity(loggedIn ? storedCustomerId() : 0);
  const { pathname } = useLocation();
  useAskBeforeLeaving(activity.some(isRunning));
  if (activity.length === 0 || pathname === paths.uploads.href()) return null;
  return (
    <section className={classes.bar} aria-label={text('yourUploads')} data-testid="upload-activity">
      <div className={classes.uploads}>
        <UploadActivityList uploads={activity} />
      </div>
      <Anchor component={Link} to={paths.uploads.href()} fw={700} className={classes.link}>
        {text('goToUploads')}
      </Anchor>
    </section>
  );
}
