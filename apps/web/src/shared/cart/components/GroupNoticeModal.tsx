import { Button, Group, Modal, Text } from '@mantine/core';
import { cartText, text } from '../text.ts';

/** Spec 2, cart drawer: the notice shown when a group item is added; it closes on Ok. */
export function GroupNoticeModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={cartText('groupNoticeTitle')}
      centered
      closeButtonProps={{ 'aria-label': text('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text>{cartText('groupNotice')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={props.onClose} miw={96}>
          {text('ok')}
        </Button>
      </Group>
    </Modal>
  );
}
