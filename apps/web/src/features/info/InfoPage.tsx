import { Container, List, Table, Text, Title } from '@mantine/core';
import { formatRand } from '@eisteddfod/shared';
import { useCurrentEvent } from '../event/api/client-config.ts';
import { KeyDates } from '../event/KeyDates.tsx';

/** Events/Concours: the event's dates, fees and rules (spec 2 and 9). */
export default function InfoPage() {
  const { data: event } = useCurrentEvent();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {event?.name ?? 'Competition information'}
      </Title>
      {event && (
        <>
          <Title order={2} mb="sm">
            Dates
          </Title>
          <KeyDates dates={event.dates} />

          <Title order={2} mt="xl" mb="sm">
            Fees
          </Title>
          <Table withTableBorder>
            <Table.Tbody>
              {(
                [
                  ['Individual entry, per person per item', formatRand(event.fees.individualCents)],
                  [
                    `Group entry, fewer than ${event.fees.groupLargeFromParticipants} participants`,
                    formatRand(event.fees.groupSmallCents),
                  ],
                  [
                    `Group entry, ${event.fees.groupLargeFromParticipants} or more participants`,
                    formatRand(event.fees.groupLargeCents),
                  ],
                  ['Change of a wrong item code', formatRand(event.fees.changeFeeCents)],
                  [
                    'Amendment of participant details or certificate regeneration',
                    formatRand(event.fees.amendmentFeeCents),
                  ],
                  ['Late-entry surcharge', `${event.fees.lateSurchargePercent}% of the total`],
                ] as const
              ).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="gray.7" mt="xs">
            Fees are non-refundable.
          </Text>
        </>
      )}

      <Title order={2} mt="xl" mb="sm">
        Rules
      </Title>
      <List spacing="xs">
        <List.Item>Each student registers individually.</List.Item>
        <List.Item>
          Performances must be filmed specifically for this event; earlier recorded performances are
          disqualified.
        </List.Item>
        <List.Item>
          The introduction does not count toward the recording time. It may be a separate video;
          upload both.
        </List.Item>
        <List.Item>
          We recommend 4 different items: 4 entries make an entrant eligible to be Section Winner
          when the points are high enough.
        </List.Item>
        <List.Item>
          Visual arts images under 10 MB as PNG or JPEG; creative writing as PDF; performances as
          MP4.
        </List.Item>
      </List>
    </Container>
  );
}
