import { formatRand, type FamilyDetails, type FamilyOrder } from '@eisteddfod/shared';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { familyKey } from '../api/family-desk/get-family.ts';
import { ResendConfirmationDialog } from './FamilyDeskDialogs.tsx';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { at } from './family-desk-format.ts';

const ORDER_STATUS: Record<FamilyOrder['status'], string> = {
  cart: 'Cart',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};
const isUnpaid = (o: FamilyOrder) => o.status === 'cart' || o.status === 'awaiting_payment';
const PAYMENT_COLUMNS: Column<FamilyDetails['payments'][number]>[] = [
  { key: 'when', header: 'When', cell: (p) => at(p.at) },
  { key: 'order', header: 'Order', cell: (p) => p.orderNumber },
  { key: 'kind', header: 'Kind', cell: (p) => p.kind.replace('_', ' ') },
  { key: 'method', header: 'Method', cell: (p) => p.method?.replace('_', ' ') },
  {
    key: 'reference',
    header: 'Reference',
    style: { overflowWrap: 'anywhere' },
    cell: (p) => p.reference,
  },
  { key: 'amount', header: 'Amount', cell: (p) => formatRand(p.amountCents) },
  { key: 'state', header: 'State', cell: (p) => p.status },
];

/** The family's orders, each with what can be done about it, and the payments against them. */
export function Orders({ details }: { details: FamilyDetails }) {
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<FamilyOrder>();
  const [resending, setResending] = useState<FamilyOrder>();
  return (
    <Stack gap="sm">
      {details.orders.length === 0 && <Text size="sm">No orders yet.</Text>}
      {details.orders.map((o) => (
        <Card
          key={o.id}
          withBorder
          padding="sm"
          component="section"
          aria-label={`Order ${o.orderNumber}`}
        >
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={3} size="h4">
                Order {o.orderNumber}
              </Title>
              <Text size="sm">{o.eventName}</Text>
            </div>
            <Group gap={4}>
              <Badge color={o.status === 'paid' ? 'green' : 'gray'} c="black" variant="light">
                {ORDER_STATUS[o.status]}
              </Badge>
              {o.isImported && (
                <Badge color="blue" c="black" variant="light">
                  Imported
                </Badge>
              )}
            </Group>
          </Group>
          <Text size="sm" mt={4}>
            Total <strong>{formatRand(o.totalCents)}</strong>
            {o.surchargeCents ? ` (late surcharge ${formatRand(o.surchargeCents)})` : ''} · created{' '}
            {at(o.createdAt)} · paid {at(o.completedAt)}
          </Text>
          <List size="sm" mt={4}>
            {o.items.map((i) => (
              <List.Item key={i.id}>
                {i.contestant}: {i.itemCode} - {i.itemShortDescription}
                {i.priceCents !== null && ` (${formatRand(i.priceCents)})`}
                {i.isCancelled && ' — withdrawn'}
              </List.Item>
            ))}
          </List>
          <Group mt="xs" gap="xs">
            {isUnpaid(o) && o.items.length > 0 && (
              <Button size="xs" onClick={() => setPaying(o)}>
                Record payment
              </Button>
            )}
            {o.status === 'paid' && (
              <Button size="xs" variant="light" onClick={() => setResending(o)}>
                Resend payment confirmation
              </Button>
            )}
          </Group>
        </Card>
      ))}
      <Title order={3} size="h4" mt="sm">
        Payments
      </Title>
      {!details.manualPaymentsShown && (
        <Alert color="yellow">Payments recorded by hand cannot be shown in this build.</Alert>
      )}
      <DataTable
        label="Payments"
        minWidth={620}
        columns={PAYMENT_COLUMNS}
        rows={details.payments}
        rowKey={(p) => p.key}
        empty="No payments."
      />
      {paying && (
        <RecordPaymentDialog
          order={{ id: paying.id, orderNumber: paying.orderNumber, totalCents: paying.totalCents }}
          opened
          onClose={() => {
            setPaying(undefined);
            void queryClient.invalidateQueries({ queryKey: familyKey(details.family.id) });
          }}
        />
      )}
      {resending && (
        <ResendConfirmationDialog
          familyId={details.family.id}
          order={resending}
          onClose={() => setResending(undefined)}
        />
      )}
    </Stack>
  );
}
