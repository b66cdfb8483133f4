import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT, TOAST_TIMEOUT_MS } from '../lib/toasts.ts';
import toastClasses from './toasts.module.css';

/** Mantine's toast container with the defaults of spec 9 (top right, 5 s, no practical limit). */
export default function ToastStack() {
  return (
    <Notifications
      position="top-right"
      limit={TOAST_LIMIT}
      autoClose={TOAST_TIMEOUT_MS}
      classNames={{ root: toastClasses.root }}
    />
  );
}
