import { notificationsStore, useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazyInLanguage } from '../lib/i18n/lazy-in-language.ts';

const ToastStack = lazyInLanguage(() => import('./ToastStack.tsx'));

/**
 * Mounts the toast container when the first toast is raised. toast() only writes to Mantine's
 * notifications store, which keeps the toast until the container (about 7 KB gzipped, with its
 * transitions) has loaded and shows it; a page that raises none never downloads it.
 */
export function Toaster() {
  const { notifications, queue } = useNotifications(notificationsStore);
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
