import { notifications } from '@mantine/notifications';

/** Toast defaults of spec 9: 5 s, top right, newest on top, no limit on how many are open. */
export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_LIMIT = 1000;

type Kind = 'success' | 'error' | 'warning' | 'info';
const COLORS: Record<Kind, string> = {
  success: 'teal',
  error: 'red',
  warning: 'orange',
  info: 'blue',
};

export function toast(kind: Kind, message: string, title?: string): void {
  notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose: TOAST_TIMEOUT_MS,
    withBorder: true,
    // Mantine's close button is an unlabelled icon, and under a title the message turns a
    // dimmed grey below WCAG AA contrast: name the button, keep the message dark.
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}
