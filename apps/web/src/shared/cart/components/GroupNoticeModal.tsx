import { Button, Group, Modal, Text } from '@mantine/core';
import { CART_MESSAGES } from '@eisteddfod/shared';
import { text } from '../text.ts';

/** Spec 2, cart drawer: the notice shown when a group item is added; it closes on Ok. */
export function GroupNoticeModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={CART_MESSAGES.groupNoticeTitle}
      centered
      closeButtonProps={{ 'aria-label': text('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text>{CART_MESSAGES.groupNotice}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={props.onClose} miw={96}>
          {text('ok')}
        </Button>
      </Group>
    </Modal>
  );
}
