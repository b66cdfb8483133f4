import { Table } from '@mantine/core';
import { formatLongDate, type EventDates } from '@eisteddfod/shared';

/** The event's key dates (spec 9), as the server holds them. */
export function KeyDates({ dates }: { dates: EventDates }) {
  const rows: [string, string][] = [
    ['Registration opens', formatLongDate(dates.registrationOpens)],
    ['Registration deadline', `23:59 on ${formatLongDate(dates.registrationCloses)}`],
    ['Uploads open', formatLongDate(dates.uploadsOpen)],
    [
      'Submission period',
      `${formatLongDate(dates.submissionStarts)} to ${formatLongDate(dates.submissionEnds)}`,
    ],
    ['Visual arts and creative writing due', `23:59 on ${formatLongDate(dates.visualArtsDue)}`],
    ['Online gala awards released', formatLongDate(dates.galaAwards)],
  ];
  return (
    <Table striped withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
