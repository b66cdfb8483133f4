import { Modal, Stack, Table, Text } from '@mantine/core';
import type { ProfileOrderItem } from '@eisteddfod/shared';

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
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {item && (
        <Stack gap="md">
          <Text>
            <Text span fw={700}>
              Item code:
            </Text>{' '}
            {item.itemCode}
          </Text>
          {item.instruments && (
            <Text>
              <Text span fw={700}>
                Instrument:
              </Text>{' '}
              {item.instruments}
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-line' }}>
            {item.itemDescription || item.itemShortDescription}
          </Text>
          {item.isGroupItem && (
            <Table striped withTableBorder captionSide="top" fz="sm" verticalSpacing={6}>
              <Table.Caption ta="left" fw={700} c="gray.9" fz="md" mt={0} mb="xs">
                Group participants
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Surname</Table.Th>
                  <Table.Th>Grade</Table.Th>
                  <Table.Th>School</Table.Th>
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
                    <Table.Td colSpan={4}>No group participants have been entered yet.</Table.Td>
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
