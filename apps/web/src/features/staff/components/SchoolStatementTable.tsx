import { formatRand, type StatementOrder } from '@eisteddfod/shared';
import { Alert, Badge, Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { downloadSchoolStatement, useSchoolStatement } from '../api/schools/school-statement.ts';

const STATUS = { cart: 'Not paid', awaiting_payment: 'Awaiting EFT', paid: 'Paid' } as const;

const money = (
  o: Pick<StatementOrder, 'totalCents' | 'paidCents' | 'owedCents' | 'refundedCents'>,
) => [
  formatRand(o.totalCents),
  formatRand(o.paidCents),
  formatRand(o.owedCents),
  formatRand(o.refundedCents),
];

/** A school's statement (decision 066): each teacher's order in the live event and the totals. */
export function SchoolStatementTable({ schoolId }: { schoolId: number }) {
  const statement = useSchoolStatement(schoolId);
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await downloadSchoolStatement(schoolId);
    } catch {
      toast('error', 'The statement could not be downloaded. Please try again.', 'Error');
    } finally {
      setDownloading(false);
    }
  }
  return (
    <section aria-labelledby="school-statement-heading">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} id="school-statement-heading">
          Statement
        </Title>
        {/* The PDF names the school's learners only, each order with its own reference. */}
        {statement.data && statement.data.orders.length > 0 && (
          <Button variant="default" loading={downloading} onClick={() => void download()}>
            Download the statement (PDF)
          </Button>
        )}
      </Group>
      {statement.isPending && <Loader aria-label="Loading the statement" />}
      {statement.isError && (
        <Alert color="red" title="Error">
          The statement could not be loaded. Please try again.
        </Alert>
      )}
      {statement.data?.orders.length === 0 && (
        <Text size="sm">No teacher of the school has entries in the live event.</Text>
      )}
      {statement.data && statement.data.orders.length > 0 && (
        <div
          role="region"
          aria-label="The school's statement, scrolls sideways"
          tabIndex={0}
          style={{ overflowX: 'auto' }}
        >
          <Table striped miw={720} aria-label="The school's statement">
            <Table.Thead>
              <Table.Tr>
                {[
                  'Teacher',
                  'Order',
                  'Reference',
                  'State',
                  'Entries',
                  'Total',
                  'Paid',
                  'Owed',
                  'Refunded',
                ].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.data.orders.map((o) => (
                <Table.Tr key={o.orderId}>
                  <Table.Td>{o.teacherName}</Table.Td>
                  <Table.Td>{o.orderNumber}</Table.Td>
                  <Table.Td>{o.reference}</Table.Td>
                  <Table.Td>
                    <Badge
                      miw="max-content"
                      variant="light"
                      c="black"
                      color={o.status === 'paid' ? 'green' : 'orange'}
                    >
                      {STATUS[o.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{o.entries}</Table.Td>
                  {money(o).map((m, i) => (
                    <Table.Td key={i}>{m}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr fw={700}>
                <Table.Td colSpan={4}>School totals</Table.Td>
                <Table.Td>{statement.data.totals.entries}</Table.Td>
                {money(statement.data.totals).map((m, i) => (
                  <Table.Td key={i}>{m}</Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
