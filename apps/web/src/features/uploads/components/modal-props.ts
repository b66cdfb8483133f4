import type { ModalProps } from '@mantine/core';

/** What every modal of the portal shares: a named close button and a bold title. */
export const MODAL_PROPS = {
  centered: true,
  closeButtonProps: { 'aria-label': 'Close dialog' },
  styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } },
} satisfies Partial<ModalProps>;

export const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;
