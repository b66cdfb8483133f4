import {
  formatRand,
  LEDGER_METHOD_LABELS,
  LEDGER_METHODS,
  parseRand,
  RecordAdjustmentSchema,
  type PaymentRow,
} from '@eisteddfod/shared';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { useRecordAdjustment } from '../api/payment-ledger/record-adjustment.ts';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

const METHOD_OPTIONS = LEDGER_METHODS.map((m) => ({ value: m, label: LEDGER_METHOD_LABELS[m] }));

interface AdjustmentForm {
  kind: 'refund' | 'credit';
  method: string;
  reference: string;
  receivedOn: string;
  amount: string;
  reason: string;
}
type AdjustmentErrors = Partial<Record<keyof AdjustmentForm, string>>;

/** A refund or a credit against a paid order: the organiser's exceptional record. */
export function AdjustmentDialog(props: { payment: PaymentRow; onClose: () => void }) {
  const record = useRecordAdjustment();
  const [form, setForm] = useState<AdjustmentForm>({
    kind: 'refund',
    method: '',
    reference: '',
    receivedOn: new Date().toISOString().slice(0, 10),
    amount: '',
    reason: '',
  });
  const [errors, setErrors] = useState<AdjustmentErrors>({});
  const text =
    (key: 'reference' | 'receivedOn' | 'amount' | 'reason') =>
    (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    };

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountCents = parseRand(form.amount);
    const parsed = RecordAdjustmentSchema.safeParse({
      kind: form.kind,
      method: form.method || null,
      reference: form.reference,
      receivedOn: form.receivedOn,
      amountCents: amountCents ?? -1,
      reason: form.reason,
    });
    if (!parsed.success) {
      const found: AdjustmentErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'amountCents' ? 'amount' : issue.path[0];
        found[key as keyof AdjustmentForm] ??= issueWords(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(
      { orderId: props.payment.orderId, adjustment: parsed.data },
      {
        onSuccess: () => {
          toast(
            'success',
            `${form.kind === 'refund' ? 'Refund' : 'Credit'} of ${formatRand(parsed.data.amountCents)} recorded for order ${props.payment.orderNumber}.`,
            'Recorded',
          );
          props.onClose();
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Refund or credit for order ${props.payment.orderNumber}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Entry fees are not refundable: record here only a refund or a credit you agreed as an
            exception. The order and its entries do not change.
          </Text>
          <SegmentedControl
            aria-label="Refund or credit"
            data={[
              { value: 'refund', label: 'Refund' },
              { value: 'credit', label: 'Credit' },
            ]}
            value={form.kind}
            onChange={(kind) => setForm((f) => ({ ...f, kind: kind as 'refund' | 'credit' }))}
          />
          <TextInput
            label="Amount (R)"
            required
            inputMode="decimal"
            value={form.amount}
            onChange={text('amount')}
            error={errors.amount}
          />
          <Select
            label="Method"
            placeholder="None (a credit)"
            data={METHOD_OPTIONS}
            value={form.method || null}
            onChange={(method) => setForm((f) => ({ ...f, method: method ?? '' }))}
            clearable
          />
          <TextInput
            label="Reference"
            required
            maxLength={100}
            value={form.reference}
            onChange={text('reference')}
            error={errors.reference}
          />
          <TextInput
            label="Date"
            type="date"
            required
            value={form.receivedOn}
            onChange={text('receivedOn')}
            error={errors.receivedOn}
          />
          <Textarea
            label="Reason"
            required
            maxLength={500}
            value={form.reason}
            onChange={text('reason')}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
