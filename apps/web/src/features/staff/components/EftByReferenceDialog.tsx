import { formatRand } from '@eisteddfod/shared';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../../lib/api-client.ts';
import { useStatementByReference } from '../api/payment-ledger/find-statement.ts';
import { RecordPaymentDialog } from './RecordPaymentDialog.tsx';

const STATUS_WORDS = {
  cart: 'not checked out (priced today)',
  awaiting_payment: 'awaiting payment',
  paid: 'paid',
  cancelled: 'cancelled',
} as const;

/**
 * An organiser records a school's EFT by the reference on its bank line (decision 066): the
 * reference finds the order and what must be paid, then the ledger's own dialog records it.
 */
export function EftByReferenceDialog({ onClose }: { onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [reference, setReference] = useState('');
  const [recording, setRecording] = useState(false);
  const found = useStatementByReference(reference);
  const order = found.data;

  function find(event: FormEvent) {
    event.preventDefault();
    setReference(typed.trim());
  }

  if (recording && order)
    return (
      <RecordPaymentDialog
        opened
        onClose={onClose}
        reference={order.reference}
        order={{ id: order.orderId, orderNumber: order.orderNumber, totalCents: order.totalCents }}
      />
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title="Record an EFT by its reference"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <form onSubmit={find} noValidate>
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Statement reference"
              description="As on the bank statement line, e.g. S000K7Q"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              style={{ flex: '1 1 12rem' }}
              autoComplete="off"
            />
            <Button type="submit" variant="default">
              Find
            </Button>
          </Group>
        </form>
        {found.isFetching && <Loader size="sm" aria-label="Finding the order" />}
        {found.error && <Alert color="red">{messageOf(found.error)}</Alert>}
        {order && (
          <Stack gap="xs">
            <Text size="sm">
              Order <strong>{order.orderNumber}</strong> of {order.payerName}: {order.entries}{' '}
              {order.entries === 1 ? 'entry' : 'entries'}, {formatRand(order.totalCents)},{' '}
              {STATUS_WORDS[order.status]}.
            </Text>
            {order.status === 'cart' || order.status === 'awaiting_payment' ? (
              <Group justify="flex-end">
                <Button onClick={() => setRecording(true)}>Record the payment…</Button>
              </Group>
            ) : (
              <Alert color="yellow">This order cannot be paid now.</Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
