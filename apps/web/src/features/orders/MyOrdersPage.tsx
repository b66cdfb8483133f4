import { Anchor, Button, Container, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatRand, paths } from '@eisteddfod/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { useClientConfig } from '../../shared/event/api/client-config.ts';
import { useCustomerOrders } from './api/customer-orders.ts';
import { formatOrderDate, statusLabel } from './order-format.ts';
import classes from './orders.module.css';
import { text } from './text.ts';

/** /my-orders (spec 2): the customer's checked-out and paid orders, newest first. */
export default function MyOrdersPage() {
  useDocumentTitle(text('myOrders'));
  const orders = useCustomerOrders(storedCustomerId());
  const timeZone = useClientConfig().data?.timeZone;
  const list = orders.data;

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {text('myOrders')}
      </Title>
      {orders.isError && <Text>{text('notLoaded')}</Text>}
      {list?.length === 0 && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Text mb="md">{text('noOrders')}</Text>
          <Button component={Link} to={paths.contestants.href()}>
            {text('enterContestants')}
          </Button>
        </Paper>
      )}
      {list && list.length > 0 && (
        <table className={classes.table} aria-label={text('ordersTable')}>
          <thead>
            <tr>
              <th scope="col">{text('number')}</th>
              <th scope="col" className={classes.money}>
                {text('total')}
              </th>
              <th scope="col">{text('date')}</th>
              <th scope="col">{text('status')}</th>
              <th scope="col" className={classes.action}>
                <VisuallyHidden>{text('actions')}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((order) => (
              <tr key={order.id}>
                <th scope="row" data-label={text('number')}>
                  {order.orderNumber}
                </th>
                <td data-label={text('total')} className={classes.money}>
                  {formatRand(order.totalPrice)}
                </td>
                <td data-label={text('date')}>
                  {formatOrderDate(order.completedDateTime, timeZone)}
                </td>
                <td data-label={text('status')}>{statusLabel(order.status)}</td>
                <td className={classes.action}>
                  <Anchor
                    component={Link}
                    to={paths.viewOrder.href({ id: order.id })}
                    fw={600}
                    aria-label={text('viewOrderOf', { orderNumber: order.orderNumber })}
                  >
                    {text('viewOrder')}
                  </Anchor>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Container>
  );
}
