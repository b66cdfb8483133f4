import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { text } from './text.ts';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone menu behind the burger. A Drawer brings focus trapping, scroll locking and a scroll
 * area (about 20 KB gzipped), so SiteHeader loads this only when the burger is first used.
 */
export default function MobileMenu({ opened, onClose, children }: MobileMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={text('menu')}
      position="right"
      size="xs"
      hiddenFrom="md"
    >
      <nav aria-label={text('mobileMenu')}>
        <Stack gap="xs">{children}</Stack>
      </nav>
    </Drawer>
  );
}
