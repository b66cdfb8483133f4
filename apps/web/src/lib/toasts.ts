import { notifications, notificationsStore } from '@mantine/notifications';

/**
 * Toast defaults of spec 9: 5 s, 1 s more once the pointer has left a toast it held open, a
 * 300 ms ease, newest on top, no limit on how many are open. How many are drawn at once, and
 * where, is the stack's choice (app/ToastStack.tsx, decision 027): the rest wait behind "+N more".
 */
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_EXTENDED_TIMEOUT_MS = 1000;

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
const COLORS: Record<ToastKind, string> = {
  success: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

export function toast(kind: ToastKind, message: string, title?: string): void {
  notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose: TOAST_TIMEOUT_MS,
    withBorder: true,
    // The stack reads the kind back: errors and warnings are alerts, the rest polite statuses.
    'data-kind': kind,
    // The screen it was raised on, and when: its errors are stale once the parent moved on.
    'data-path': window.location.pathname,
    'data-at': Date.now(),
    // Mantine's close button is an unlabelled icon, and under a title the message turns a
    // dimmed grey below WCAG AA contrast: name the button, keep the message dark.
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}

/**
 * A toast raised this shortly before the screen changed belongs to the step that changed it
 * ("Your session has expired" on the way to Login, "This account already exists" on the way to
 * Login): it is for the new screen, not stale.
 */
const RAISED_BY_THE_MOVE_MS = 1000;

/**
 * Issue 32: an error or a warning is about the screen it was raised on (a field, a step), and
 * carried over to the next screen it misleads. When the screen changes they go; a success or an
 * information toast stays, as it often tells the outcome of the very step that moved on
 * ("Contestant saved", then the list).
 */
export function clearStaleToasts(pathname: string, now = Date.now()): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const n of [...shown, ...queue]) {
    const raised = n as { 'data-kind'?: ToastKind; 'data-path'?: string; 'data-at'?: number };
    const isProblem = raised['data-kind'] === 'error' || raised['data-kind'] === 'warning';
    const elsewhere = raised['data-path'] !== pathname;
    const before = now - (raised['data-at'] ?? now) > RAISED_BY_THE_MOVE_MS;
    if (isProblem && elsewhere && before && n.id) notifications.hide(n.id);
  }
}
