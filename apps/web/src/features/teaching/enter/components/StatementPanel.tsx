import { formatRand, paths, type SchoolStatement, type StatementOrder } from '@eisteddfod/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';
import {
  downloadSchoolStatement,
  downloadStatement,
  useClassStatement,
  usePayByEft,
} from '../api/statement.ts';
import { text } from '../text.ts';

interface Props {
  customerId: number;
  membershipId: number;
}

/** Label and value, one under the other (narrow) or side by side. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs">{label}</Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** A download that says when it fails, its button busy meanwhile. */
function useDownload(save: () => Promise<void>) {
  const [downloading, setDownloading] = useState(false);
  async function download() {
    setDownloading(true);
    try {
      await save();
    } catch {
      toast('error', text('downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, download };
}

function EftDetails({ order, statement }: { order: StatementOrder; statement: SchoolStatement }) {
  const b = statement.banking;
  if (!b) return <Alert color="yellow">{text('noBanking')}</Alert>;
  return (
    <Alert color="blue" title={text('eftTitle')}>
      <Stack gap="xs">
        <Text size="sm">
          {text('eftIntro', { amount: formatRand(order.owedCents), reference: order.reference })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Figure label={text('bankName')} value={b.bankName} />
          <Figure label={text('accountName')} value={b.accountName} />
          <Figure label={text('accountNumber')} value={b.accountNumber} />
          <Figure label={text('branchCode')} value={b.branchCode} />
          <Figure label={text('reference')} value={order.reference} />
        </SimpleGrid>
      </Stack>
    </Alert>
  );
}

function OrderCard({
  order,
  statement,
  ...props
}: Props & { order: StatementOrder; statement: SchoolStatement }) {
  const eft = usePayByEft(props.customerId, props.membershipId);
  const { downloading, download } = useDownload(() =>
    downloadStatement(props.customerId, props.membershipId, order.orderId),
  );
  const heading = order.own
    ? text('orderHeading', { orderNumber: order.orderNumber })
    : text('teacherOrder', { teacher: order.teacherName, orderNumber: order.orderNumber });
  return (
    <Card withBorder padding="md" component="li">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {heading}
          </Title>
          <Badge variant="light" c="black" color={order.status === 'paid' ? 'green' : 'orange'}>
            {text(`status.${order.status}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
          <Figure label={text('reference')} value={order.reference} />
          <Figure label={text('total')} value={formatRand(order.totalCents)} />
          <Figure label={text('paid')} value={formatRand(order.paidCents)} />
          <Figure label={text('owed')} value={formatRand(order.owedCents)} />
          <Figure label={text('refunded')} value={formatRand(order.refundedCents)} />
        </SimpleGrid>
        <Text size="sm">{text('entriesCount', { count: order.entries })}</Text>
        <Group gap="xs">
          {/* Another teacher's invoice is theirs alone (decision 066): figures only. */}
          {order.own && (
            <Button variant="default" loading={downloading} onClick={() => void download()}>
              {text('download')}
            </Button>
          )}
          {order.own && order.status === 'cart' && (
            <>
              <Button component={Link} to={paths.checkout.href()} variant="default">
                {text('payByCard')}
              </Button>
              <Button loading={eft.isPending} onClick={() => eft.mutate(order.orderId)}>
                {text('payByEft')}
              </Button>
            </>
          )}
        </Group>
        {eft.error && <Alert color="red">{messageOf(eft.error)}</Alert>}
        {order.own && order.status === 'awaiting_payment' && (
          <EftDetails order={order} statement={statement} />
        )}
      </Stack>
    </Card>
  );
}

/** The coordinator's PDF of the whole school: every teacher's order (decision 066). */
function SchoolDownload(props: Props) {
  const { downloading, download } = useDownload(() =>
    downloadSchoolStatement(props.customerId, props.membershipId),
  );
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" loading={downloading} onClick={() => void download()}>
        {text('downloadSchool')}
      </Button>
      <Text size="sm">{text('downloadSchoolHint')}</Text>
    </Stack>
  );
}

function SchoolTotals({ statement }: { statement: SchoolStatement }) {
  const t = statement.totals;
  return (
    <div role="region" aria-label={text('schoolTotals')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped miw={520}>
        {/* Mantine's caption is dimmed below AA contrast: the page's own ink instead. */}
        <Table.Caption c="gray.9">{text('schoolTotals')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text('teacher')}</Table.Th>
            <Table.Th>{text('total')}</Table.Th>
            <Table.Th>{text('paid')}</Table.Th>
            <Table.Th>{text('owed')}</Table.Th>
            <Table.Th>{text('refunded')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.orders.map((o) => (
            <Table.Tr key={o.orderId}>
              <Table.Td>
                {o.teacherName} ({o.orderNumber})
              </Table.Td>
              <Table.Td>{formatRand(o.totalCents)}</Table.Td>
              <Table.Td>{formatRand(o.paidCents)}</Table.Td>
              <Table.Td>{formatRand(o.owedCents)}</Table.Td>
              <Table.Td>{formatRand(o.refundedCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>{text('schoolTotals')}</Table.Td>
            <Table.Td>{formatRand(t.totalCents)}</Table.Td>
            <Table.Td>{formatRand(t.paidCents)}</Table.Td>
            <Table.Td>{formatRand(t.owedCents)}</Table.Td>
            <Table.Td>{formatRand(t.refundedCents)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The class's statement: each order with its money, its PDF, and paying it (decision 066). */
export function StatementPanel(props: Props) {
  const query = useClassStatement(props.customerId, props.membershipId);
  const statement = query.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="statement-heading">
      <Title order={2} id="statement-heading">
        {text('statementTitle')}
      </Title>
      {query.error && <Alert color="red">{messageOf(query.error)}</Alert>}
      {!statement && !query.error && <Loader size="sm" />}
      {statement && (
        <>
          <Text size="sm">
            {statement.wholeSchool
              ? text('schoolStatementIntro', { school: statement.schoolName })
              : text('statementIntro')}
          </Text>
          {statement.orders.length === 0 && <Text>{text('noOrder')}</Text>}
          {statement.wholeSchool && statement.orders.length > 0 && (
            <>
              <SchoolTotals statement={statement} />
              <SchoolDownload {...props} />
            </>
          )}
          <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
            {statement.orders.map((o) => (
              <OrderCard key={o.orderId} order={o} statement={statement} {...props} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
