import { Alert, Button, Container, Group, List, Loader, Paper, Text, Title } from '@mantine/core';
import {
  calendarDateIn,
  entryDates,
  formatRand,
  type Order,
  paths,
  resultsOn,
} from '@eisteddfod/shared';
import { sayDate } from '../../shared/event/family-dates.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { removeStored } from '../../lib/storage.ts';
import { checkoutText } from '../../shared/checkout/text.ts';
import { useCurrentEvent } from '../../shared/event/api/client-config.ts';
import { POLL_FOR_MS, useConfirmedOrder } from './api/order.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { text } from './text.ts';
import { formatDate } from '../../shared/event/format-instant.ts';

/**
 * /confirmation/{id} (spec 2): where the payment provider returns the buyer. It shows what the
 * server knows: paid only once the provider's verified notification has credited the order.
 */
export default function PaymentConfirmationPage() {
  const orderId = Number(useParams().id);
  const queryClient = useQueryClient();
  const [openedAt] = useState(() => Date.now());
  const order = useConfirmedOrder(Number.isInteger(orderId) ? orderId : 0, openedAt);
  const [gaveUp, setGaveUp] = useState(false);
  const status = order.data?.status;
  useDocumentTitle(status === 'paid' ? checkoutText('paymentSuccess') : text('paymentTitle'));

  // Spec 2: the stored cart is cleared on opening; the next browsing screen opens a new one.
  useEffect(() => {
    removeStored('cart');
    void queryClient.invalidateQueries({ queryKey: ['cart'] });
  }, [queryClient]);

  useEffect(() => {
    if (status !== 'awaiting_payment') return;
    const timer = setTimeout(() => setGaveUp(true), POLL_FOR_MS - (Date.now() - openedAt));
    return () => clearTimeout(timer);
  }, [status, openedAt]);

  return (
    <Container size={640} px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        {status === 'paid' && order.data && (
          <>
            <Title order={1} fz={{ base: 26, sm: 32 }} mb="sm" c="teal.9">
              {checkoutText('paymentSuccess')}
            </Title>
            <Text fw={700} size="lg" mb="xs">
              {checkoutText('thankYou')}
            </Text>
            <Text mb="md">{checkoutText('confirmed')}</Text>
            <Text mb="lg">
              {text('order', {
                orderNumber: order.data.orderNumber,
                total: formatRand(order.data.totalPrice),
              })}
            </Text>
            <NextSteps order={order.data} />
          </>
        )}
        {status === 'awaiting_payment' && (
          <>
            <Title order={1} fz={{ base: 26, sm: 32 }} mb="sm">
              {text('confirmingHeading')}
            </Title>
            {gaveUp ? (
              <Alert color="orange" title={text('stillWaiting')} mb="lg">
                <RichText
                  text={text}
                  id="stillWaitingText"
                  components={{ 0: <Link to={paths.myOrders.href()} /> }}
                />
              </Alert>
            ) : (
              <Group gap="sm" wrap="nowrap" align="flex-start" mb="lg" role="status">
                <Loader size="sm" aria-hidden />
                <Text>{checkoutText('awaiting')}</Text>
              </Group>
            )}
          </>
        )}
        {(status === 'cart' || status === 'cancelled') && (
          <>
            <Title order={1} fz={{ base: 26, sm: 32 }} mb="sm">
              {text('notCompletedHeading')}
            </Title>
            <Text mb="lg">{text('notCompletedText')}</Text>
          </>
        )}
        {order.isError && (
          <>
            <Title order={1} fz={{ base: 26, sm: 32 }} mb="sm">
              {text('paymentHeading')}
            </Title>
            <Text mb="lg">{text('orderNotFound')}</Text>
          </>
        )}
        <Group gap="sm">
          {status === 'paid' && (
            <Button component={Link} to={paths.uploads.href()}>
              {text('goToUploads')}
            </Button>
          )}
          <Button
            component={Link}
            to={paths.contestants.href()}
            variant={status === 'paid' ? 'default' : 'filled'}
          >
            {text('backToHome')}
          </Button>
          {status === 'paid' && (
            <Button component={Link} to={paths.myOrders.href()} variant="default">
              {text('myOrders')}
            </Button>
          )}
          {status === 'cart' && (
            <Button component={Link} to={paths.checkout.href()} variant="default">
              {text('goToCheckout')}
            </Button>
          )}
        </Group>
      </Paper>
    </Container>
  );
}

/**
 * Issue 32: the confirmation no longer ends the journey. A paid entry is marked only once its
 * file is uploaded and the entry finalised (decision 043), so the page says so, with each
 * entry's due date as the uploads portal shows it, and when the results come out.
 */
function NextSteps({ order }: { order: Order }) {
  const event = useCurrentEvent().data;
  const dates = event?.id === order.eventId ? event.dates : undefined;
  const today = event ? calendarDateIn(new Date(), event.timeZone) : undefined;
  const uploadsLater = dates && today && dates.uploadsOpen > today;
  // The same rule as the item card, the uploads portal and the reminders (decision 046).
  const results = dates ? resultsOn({ dates }) : undefined;
  return (
    <section aria-labelledby="next-steps">
      <Title order={2} size="h3" id="next-steps" mb="xs">
        {text('nextStepsHeading')}
      </Title>
      <List type="ordered" spacing="xs" mb="lg">
        <List.Item>
          {uploadsLater
            ? text('uploadStepFrom', { date: formatDate(dates.uploadsOpen) })
            : text('uploadStep')}
        </List.Item>
        <List.Item>
          {text('finaliseStep')}
          <List withPadding size="sm" mt={4}>
            {order.orderItems.map((item) => (
              <List.Item key={item.id}>
                {text('entryDue', {
                  name: item.participantFirstName,
                  itemCode: item.itemCode,
                  description: item.itemShortDescription,
                  uploadBy: sayDate(entryDates({ dueDate: item.itemDueDate }).uploadBy),
                })}
              </List.Item>
            ))}
          </List>
        </List.Item>
        {results && <List.Item>{text('resultsStep', { results: sayDate(results) })}</List.Item>}
      </List>
    </section>
  );
}
