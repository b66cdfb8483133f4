import type { ModalProps } from '@mantine/core';
import { text } from '../text.ts';

const TITLE_STYLES = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } };

/** What every modal of the portal shares: a named close button and a bold title. */
export const modalProps = () =>
  ({
    centered: true,
    closeButtonProps: { 'aria-label': text('closeDialog') },
    styles: TITLE_STYLES,
  }) satisfies Partial<ModalProps>;

export const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;
