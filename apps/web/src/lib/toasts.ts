import { notifications } from '@mantine/notifications';

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
    // Mantine's close button is an unlabelled icon, and under a title the message turns a
    // dimmed grey below WCAG AA contrast: name the button, keep the message dark.
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
