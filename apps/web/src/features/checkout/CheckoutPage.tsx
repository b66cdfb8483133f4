import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type Customer,
  type EventSummary,
  formatRand,
  type Order,
  PAYMENT_CANCELLED_SEARCH,
  paths,
  toMobileDigits,
} from '@eisteddfod/shared';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiRequestError, messageOf } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { handleHttpError } from '../../lib/http-errors.ts';
import { wordsOf } from '../../lib/i18n/catalogue.ts';
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { cartQueryKey, useCart } from '../../shared/cart/api/cart.ts';
import { isCartRefusal } from '../../shared/cart/api/cart-errors.ts';
import { GroupParticipantsModalLater } from '../../shared/cart/components/GroupParticipantsModalLater.tsx';
import { checkoutText } from '../../shared/checkout/text.ts';
import { EntryProgress } from '../../shared/contestants/EntryProgress.tsx';
import { useCurrentEvent, useCurrentEventSettled } from '../../shared/event/api/client-config.ts';
import { useCustomer } from '../../shared/customer/customer.ts';
import { useUpdateCustomer } from '../../shared/customer/update-customer.ts';
import { usePaymentLink } from './api/payment-link.ts';
import { goToPaymentProvider } from './api/redirect.ts';
import {
  checkoutWarning,
  detailsAtFault,
  orderTotals,
  type DetailsField,
  type DetailsForm,
} from './checkout-rules.ts';
import { OrderSummary } from './components/OrderSummary.tsx';
import { YourDetails } from './components/YourDetails.tsx';
import classes from './checkout.module.css';
import { text } from './text.ts';

/** /checkout (spec 2, 4 and 5): step 4 of the wizard, the buyer's details, the order, payment. */
export default function CheckoutPage() {
  useDocumentTitle(text('title'));
  const customerId = storedCustomerId();
  const cart = useCart();
  const customer = useCustomer(customerId);
  // Asked for with the cart and the account, not once they have come (a round trip more).
  const event = useCurrentEvent();
  const isEmpty = cart.data !== undefined && cart.data.orderItems.length === 0;
  // The form is drawn once, when all three have answered (decision 053): not once for the cart
  // and the account and again for the event's fees. An event that cannot be loaded leaves the
  // totals without a surcharge, as before.
  const eventSettled = useCurrentEventSettled();
  const loaded = useMemo(
    () =>
      cart.data && customer.data && eventSettled
        ? { order: cart.data, customer: customer.data, event: event.data }
        : undefined,
    [cart.data, customer.data, eventSettled, event.data],
  );
  const shown = useDrawnInBackground(loaded);
  // Back from the pay page's Cancel (the sandbox's, or PayFast's cancel_url).
  const cancelled = useLocation().search === PAYMENT_CANCELLED_SEARCH;

  // Spec 4, "Cart": at checkout a cart without items is discarded and the empty state shown.
  useEffect(() => {
    if (isEmpty) removeStored('cart');
  }, [isEmpty]);

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      {/* Spec 2: only when a cart exists (an empty one is discarded here). */}
      {!isEmpty && <EntryProgress firstStep="createProfile" active={3} />}
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {text('heading')}
      </Title>
      {cancelled && !isEmpty && (
        <Alert color="orange" title={checkoutText('paymentCancelledTitle')} mb="md">
          {checkoutText('paymentCancelled')}
        </Alert>
      )}
      {(cart.isError || customer.isError) && <Text mb="md">{text('cartNotLoaded')}</Text>}
      {isEmpty && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Text mb="md">{checkoutText('emptyCart')}</Text>
          <Button component={Link} to={paths.contestants.href()}>
            {text('addMoreItems')}
          </Button>
        </Paper>
      )}
      {shown && !isEmpty && (
        <CheckoutForm
          key={shown.customer.customerId}
          order={shown.order}
          customer={shown.customer}
          event={shown.event}
        />
      )}
    </Container>
  );
}

function initialForm(customer: Customer): DetailsForm {
  return {
    firstName: customer.firstName,
    surname: customer.surname,
    country: customer.country,
    mobileNumber: toMobileDigits(customer.mobileNumber ?? ''),
    email: customer.email ?? '',
    whatsApp: readStored('whatsAppConfirmation') === 'true',
  };
}

interface CheckoutFormProps {
  order: Order;
  customer: Customer;
  event: EventSummary | undefined;
}

const CheckoutForm = memo(function CheckoutForm({ order, customer, event }: CheckoutFormProps) {
  const queryClient = useQueryClient();
  const updateCustomer = useUpdateCustomer(customer.customerId);
  const paymentLink = usePaymentLink();
  const [form, setForm] = useState(() => initialForm(customer));
  const [managedId, setManagedId] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const faults = useFieldErrors<DetailsField>();
  const summaryId = useId();
  const managed = order.orderItems.find((item) => item.id === managedId) ?? null;
  const totals = orderTotals(order, event);
  const surchargePercent = event?.fees.lateSurchargePercent ?? 0;
  const mobileVerified = customer.mobileNumberVerified && customer.mobileNumber !== null;

  function change(changes: Partial<DetailsForm>) {
    for (const name of Object.keys(changes)) faults.changed(name as DetailsField);
    if (changes.whatsApp !== undefined) {
      writeStored('whatsAppConfirmation', String(changes.whatsApp));
    }
    setForm((current) => ({ ...current, ...changes }));
  }

  async function proceed() {
    // Only a proved number carries a confirmation (decisions 031 and 050).
    const whatsApp = form.whatsApp && mobileVerified;
    const problem = checkoutWarning(order, { ...form, whatsApp });
    if (problem) {
      toast('warning', wordsOf(problem));
      faults.mark(detailsAtFault(problem, form));
      return;
    }
    const names = { firstName: form.firstName.trim(), surname: form.surname.trim() };
    try {
      if (
        names.firstName !== customer.firstName ||
        names.surname !== customer.surname ||
        form.country !== customer.country
      ) {
        await updateCustomer.mutateAsync({ ...names, country: form.country });
      }
    } catch {
      return; // The global handling of spec 8 has said why.
    }
    paymentLink.mutate(
      { orderId: order.id, email: form.email, sendWhatsAppConfirmation: whatsApp },
      {
        onSuccess: ({ link }) => {
          setLeaving(true);
          goToPaymentProvider(link);
        },
        onError: (error) => refused(error),
      },
    );
  }

  /** The server's own checks (spec 5 and decision 006) show as warnings, then the cart reloads. */
  function refused(error: unknown) {
    if (!isCartRefusal(error)) {
      handleHttpError(error);
      return;
    }
    toast('warning', messageOf(error));
    const code = error instanceof ApiRequestError ? error.body?.code : undefined;
    // Paid or closed meanwhile (another tab): this cart is done with, open the next one.
    if (code === 'ALREADY_PAID' || code === 'NOT_PAYABLE') removeStored('cart');
    void queryClient.invalidateQueries({ queryKey: cartQueryKey(customer.customerId) });
  }

  return (
    // The order and its total first, then the details the account already filled in (issue 32):
    // on a phone 'Proceed to Payment' was a screen and a half down (decision 049).
    <div className={classes.layout}>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={classes.summary}>
        <section aria-labelledby={summaryId}>
          <Title order={2} fz={{ base: 20, sm: 24 }} mb="sm" id={summaryId}>
            {text('orderSummary')}
          </Title>
          <OrderSummary items={order.orderItems} onManage={setManagedId} />

          <div className={classes.totals}>
            {totals.surcharge > 0 && (
              <>
                <Text fw={600} c="orange.9" mb="xs">
                  {checkoutText('lateSurcharge', { percent: surchargePercent })}
                </Text>
                <Group justify="space-between">
                  <Text>{text('subtotal')}</Text>
                  <Text>{formatRand(totals.subtotal)}</Text>
                </Group>
                <Group justify="space-between">
                  <Text>{text('lateSurcharge')}</Text>
                  <Text>{formatRand(totals.surcharge)}</Text>
                </Group>
              </>
            )}
            <Group justify="space-between">
              <Text fw={700} size="xl">
                {text('total')}
              </Text>
              <Text fw={700} size="xl" data-testid="grand-total">
                {formatRand(totals.total)}
              </Text>
            </Group>
          </div>

          <Stack gap="sm" mt="md">
            <Button
              size="md"
              fullWidth
              loading={updateCustomer.isPending || paymentLink.isPending || leaving}
              onClick={() => void proceed()}
            >
              {text('proceedToPayment')}
            </Button>
            <Button
              component={Link}
              to={paths.contestants.href()}
              variant="default"
              size="md"
              fullWidth
            >
              {text('addMoreItems')}
            </Button>
            <Text size="sm" c="gray.8">
              {text('redirectNote')}
            </Text>
          </Stack>
        </section>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={classes.details}>
        <YourDetails
          customerId={customer.customerId}
          mobileVerified={mobileVerified}
          mobileOnAccount={customer.mobileNumber !== null}
          form={form}
          onChange={change}
          faults={faults}
        />
      </Paper>

      <GroupParticipantsModalLater orderItem={managed} onClose={() => setManagedId(null)} />
    </div>
  );
});
