import {
  formatRand,
  LEDGER_METHOD_LABELS,
  LEDGER_METHODS,
  RecordManualPaymentSchema,
  type RecordManualPayment,
} from '@eisteddfod/shared';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { useRecordManualPayment } from '../api/payment-ledger/record-manual-payment.ts';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

const METHOD_OPTIONS = LEDGER_METHODS.map((m) => ({ value: m, label: LEDGER_METHOD_LABELS[m] }));

/** Today in the browser's calendar, as a date input holds it. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface Form {
  method: string;
  reference: string;
  receivedOn: string;
}
type Errors = Partial<Record<keyof Form, string>>;

/**
 * An organiser records a bank transfer or cash for an unpaid order (issue 17, decision 020): the
 * amount is the order's total, the order becomes paid and the family gets its confirmation.
 * Used by the Payments screen and the family desk; keep its props stable.
 */
export function RecordPaymentDialog(props: {
  order: { id: number; orderNumber: string; totalCents: number };
  opened: boolean;
  onClose: () => void;
  /** The reference to start from (a school's statement reference, decision 066). */
  reference?: string;
}) {
  const record = useRecordManualPayment();
  const [form, setForm] = useState<Form>(() => ({
    method: 'bank_transfer',
    reference: props.reference ?? '',
    receivedOn: today(),
  }));
  const [errors, setErrors] = useState<Errors>({});

  function close() {
    setErrors({});
    props.onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server checks the same schema (packages/shared) and the amount against the total.
    const parsed = RecordManualPaymentSchema.safeParse({
      ...form,
      amountCents: props.order.totalCents,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Form;
        found[field] ??= issueWords(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const payment: RecordManualPayment = parsed.data;
    record.mutate(
      { orderId: props.order.id, payment },
      {
        onSuccess: () => {
          toast(
            'success',
            `Order ${props.order.orderNumber} is paid (${formatRand(props.order.totalCents)}). The family was sent its confirmation.`,
            'Payment recorded',
          );
          setForm({ method: 'bank_transfer', reference: '', receivedOn: today() });
          close();
        },
      },
    );
  }

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={`Record a payment for order ${props.order.orderNumber}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Amount: <strong>{formatRand(props.order.totalCents)}</strong> (the order&apos;s total).
            The order becomes paid and the family is sent its payment confirmation.
          </Text>
          <Select
            label="Method"
            required
            data={METHOD_OPTIONS}
            value={form.method}
            onChange={(method) => setForm((f) => ({ ...f, method: method ?? '' }))}
            error={errors.method}
            allowDeselect={false}
          />
          <TextInput
            label="Reference"
            description="The bank statement line or the receipt number"
            required
            maxLength={100}
            value={form.reference}
            onChange={(e) => {
              const reference = e.currentTarget.value;
              setForm((f) => ({ ...f, reference }));
            }}
            error={errors.reference}
          />
          <TextInput
            label="Date received"
            type="date"
            required
            max={today()}
            value={form.receivedOn}
            onChange={(e) => {
              const receivedOn = e.currentTarget.value;
              setForm((f) => ({ ...f, receivedOn }));
            }}
            error={errors.receivedOn}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
