import { formatRand, type Reconciliation } from '@eisteddfod/shared';
import { Alert, Card, List, SimpleGrid, Stack, Text } from '@mantine/core';

/** One sum in rand, with its note; in red when `alert` (a difference that should be nil). */
function Figure(props: { label: string; cents: number; note?: string; alert?: boolean }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm">{props.label}</Text>
      <Text fw={700} size="lg" c={props.alert ? 'red.9' : undefined}>
        {formatRand(props.cents)}
      </Text>
      {props.note && <Text size="xs">{props.note}</Text>}
    </Card>
  );
}

/** The ledger's sums for the event, and the orders whose money does not add up. */
export function Totals({ sums }: { sums: Reconciliation }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="payments-totals">
      <Text id="payments-totals" fw={700}>
        Totals
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure
          label="Charged to families"
          cents={sums.chargedCents}
          note={`${sums.paidOrders} paid ${sums.paidOrders === 1 ? 'order' : 'orders'}`}
        />
        <Figure label="Reported by providers" cents={sums.providerCents} />
        <Figure label="Recorded by hand" cents={sums.manualCents} />
        <Figure label="Refunds" cents={sums.refundCents} />
        <Figure label="Credits" cents={sums.creditCents} />
        <Figure label="Net received" cents={sums.netCents} />
        <Figure
          label="Difference"
          cents={sums.differenceCents}
          note="Received less charged"
          alert={sums.differenceCents !== 0}
        />
      </SimpleGrid>
      {sums.discrepancies.length > 0 && (
        <Alert color="orange" title="Orders to look at">
          <List size="sm" spacing={4}>
            {sums.discrepancies.map((d, k) => (
              <List.Item key={`${d.orderId}-${k}`}>
                <strong>{d.orderNumber}</strong> ({d.familyName}): {d.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
