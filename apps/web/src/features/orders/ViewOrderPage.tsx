import { Anchor, Button, Container, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatRand, type OrderItem, paths } from '@eisteddfod/shared';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useClientConfig } from '../../shared/event/api/client-config.ts';
import { useOrder } from './api/order.ts';
import { EditItemModal } from './components/EditItemModal.tsx';
import { formatOrderDate, statusLabel } from './order-format.ts';
import classes from './orders.module.css';
import { text } from './text.ts';

/** /view-order/{id} (spec 2): an order's entries, each with Edit, and the total. */
export default function ViewOrderPage() {
  useDocumentTitle(text('viewOrder'));
  const orderId = Number(useParams().id);
  const order = useOrder(Number.isInteger(orderId) ? orderId : 0);
  const timeZone = useClientConfig().data?.timeZone;
  const [editedId, setEditedId] = useState<number | null>(null);
  const data = order.data;
  const edited = data?.orderItems.find((item) => item.id === editedId) ?? null;
  const subtotal = data?.orderItems.reduce((sum, item) => sum + item.price, 0) ?? 0;

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Anchor
        component={Link}
        to={paths.myOrders.href()}
        fw={600}
        display="inline-block"
        py={6}
        mb="sm"
      >
        {text('backToOrders')}
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="xs">
        {data ? text('order', { orderNumber: data.orderNumber }) : text('viewOrder')}
      </Title>
      {data && (
        <Text mb="md">
          {data.completedDateTime
            ? text('statusAndDate', {
                status: statusLabel(data.status),
                date: formatOrderDate(data.completedDateTime, timeZone),
              })
            : statusLabel(data.status)}
        </Text>
      )}
      {order.isError && <Text>{text('orderNotLoaded')}</Text>}
      {data && (
        <table
          className={classes.table}
          aria-label={text('entriesOf', { orderNumber: data.orderNumber })}
        >
          <thead>
            <tr>
              <th scope="col">{text('name')}</th>
              <th scope="col">{text('surname')}</th>
              <th scope="col">{text('code')}</th>
              <th scope="col" className={classes.money}>
                {text('price')}
              </th>
              <th scope="col" className={classes.action}>
                <VisuallyHidden>{text('actions')}</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.orderItems.map((item) => (
              <EntryRow key={item.id} item={item} onEdit={setEditedId} />
            ))}
          </tbody>
          <tfoot>
            {data.totalPrice !== subtotal && (
              <tr>
                <th scope="row" colSpan={3}>
                  {text('lateSurcharge')}
                </th>
                <td className={classes.money}>{formatRand(data.totalPrice - subtotal)}</td>
                <td />
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3}>
                {text('total')}
              </th>
              <td className={classes.money} data-testid="order-total">
                {formatRand(data.totalPrice)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
      <EditItemModal entry={edited} onClose={() => setEditedId(null)} />
    </Container>
  );
}

/** Why an entry cannot change any more, if it cannot: the server refuses it (409 ENTRY_CLOSED). */
function closedReason(item: OrderItem): string | null {
  if (item.isSubmittedForMarking) return text('finalised');
  if (item.isCancelled) return text('withdrawn');
  return null;
}

function EntryRow({ item, onEdit }: { item: OrderItem; onEdit: (id: number) => void }) {
  const reasonId = useId();
  const closed = closedReason(item);
  return (
    <tr>
      <td data-label={text('name')} className={classes.wrap}>
        {item.participantFirstName}
      </td>
      <td data-label={text('surname')} className={classes.wrap}>
        {item.participantSurname}
      </td>
      <td data-label={text('code')} className={classes.wrap}>
        {text('item', { code: item.itemCode, title: item.itemShortDescription })}
      </td>
      <td data-label={text('price')} className={classes.money}>
        {formatRand(item.price)}
      </td>
      <td className={classes.action}>
        <Button
          size="sm"
          variant="light"
          aria-haspopup="dialog"
          aria-label={text('editFor', {
            code: item.itemCode,
            firstName: item.participantFirstName,
            surname: item.participantSurname,
          })}
          onClick={() => onEdit(item.id)}
          disabled={closed !== null}
          aria-describedby={closed ? reasonId : undefined}
        >
          {text('edit')}
        </Button>
        {closed && (
          <Text id={reasonId} size="xs" mt={4}>
            {closed}
          </Text>
        )}
      </td>
    </tr>
  );
}
