import { Anchor, Button, Container, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatRand, paths } from '@eisteddfod/shared';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { useClientConfig } from '../../shared/event/api/client-config.ts';
import { useCustomerOrders } from './api/customer-orders.ts';
import { formatOrderDate, statusLabel } from './order-format.ts';
import classes from './orders.module.css';

/** /my-orders (spec 2): the customer's checked-out and paid orders, newest first. */
export default function MyOrdersPage() {
  useDocumentTitle('My Orders');
  const orders = useCustomerOrders(storedCustomerId());
  const timeZone = useClientConfig().data?.timeZone;
  const list = orders.data;

  return (
    <Container size="md" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        My Orders
      </Title>
      {orders.isError && <Text>Your orders could not be loaded. Please try again later.</Text>}
      {list?.length === 0 && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Text mb="md">
            You have no orders yet. Orders appear here once you have checked out your cart.
          </Text>
          <Button component={Link} to={paths.contestants.href()}>
            Enter contestants
          </Button>
        </Paper>
      )}
      {list && list.length > 0 && (
        <table className={classes.table} aria-label="Your orders, newest first">
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col" className={classes.money}>
                Total
              </th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col" className={classes.action}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((order) => (
              <tr key={order.id}>
                <th scope="row" data-label="No.">
                  {order.orderNumber}
                </th>
                <td data-label="Total" className={classes.money}>
                  {formatRand(order.totalPrice)}
                </td>
                <td data-label="Date">{formatOrderDate(order.completedDateTime, timeZone)}</td>
                <td data-label="Status">{statusLabel(order.status)}</td>
                <td className={classes.action}>
                  <Anchor
                    component={Link}
                    to={paths.viewOrder.href({ id: order.id })}
                    fw={600}
                    aria-label={`View Order ${order.orderNumber}`}
                  >
                    View Order
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
