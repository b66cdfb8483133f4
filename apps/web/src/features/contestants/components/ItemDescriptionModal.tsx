import { Modal, Stack, Table, Text } from '@mantine/core';
import type { ProfileOrderItem } from '@eisteddfod/shared';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { text } from '../text.ts';

/** An entered item's code and description and, for a group item, its participants (spec 2). */
export function ItemDescriptionModal(props: {
  item: ProfileOrderItem | null;
  onClose: () => void;
}) {
  const { item } = props;
  return (
    <Modal
      opened={item !== null}
      onClose={props.onClose}
      title={item ? `${item.itemCode} ${item.itemShortDescription}` : ''}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': text('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {item && (
        <Stack gap="md">
          <Text>
            <RichText
              text={text}
              id="itemCode"
              values={{ itemCode: item.itemCode }}
              components={{ 0: <Text span fw={700} /> }}
            />
          </Text>
          {item.instruments && (
            <Text>
              <RichText
                text={text}
                id="instrument"
                values={{ instruments: item.instruments }}
                components={{ 0: <Text span fw={700} /> }}
              />
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-line' }}>
            {item.itemDescription || item.itemShortDescription}
          </Text>
          {item.isGroupItem && (
            <Table striped withTableBorder captionSide="top" fz="sm" verticalSpacing={6}>
              <Table.Caption ta="left" fw={700} c="gray.9" fz="md" mt={0} mb="xs">
                {text('groupParticipants')}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{text('name')}</Table.Th>
                  <Table.Th>{text('surname')}</Table.Th>
                  <Table.Th>{text('grade')}</Table.Th>
                  <Table.Th>{text('school')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {item.groupParticipants.map((member, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{member.firstName}</Table.Td>
                    <Table.Td>{member.surname}</Table.Td>
                    <Table.Td>{member.grade}</Table.Td>
                    <Table.Td>{member.school}</Table.Td>
                  </Table.Tr>
                ))}
                {item.groupParticipants.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{text('noGroupParticipants')}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
