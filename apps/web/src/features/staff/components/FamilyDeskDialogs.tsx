import {
  CorrectContestantSchema,
  feeLine,
  formatRand,
  GENDERS,
  GRADES,
  type FamilyContestant,
  type FamilyDeskFee,
  type FamilyEntry,
  type FamilyOrder,
} from '@eisteddfod/shared';
import {
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { useChangeEntryItem } from '../api/family-desk/change-entry-item.ts';
import { useCorrectContestant } from '../api/family-desk/correct-contestant.ts';
import { useComparableItems } from '../api/family-desk/list-comparable-items.ts';
import { useRegenerateCertificates } from '../api/family-desk/regenerate-certificates.ts';
import { useResendConfirmation } from '../api/family-desk/resend-confirmation.ts';
import { useSchools } from '../api/schools/list-schools.ts';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

// The family desk's four actions (decision 021): each confirmed in a modal, the fee-bearing ones
// asking whether spec 9's fee applies (recorded in the audit log, not charged here).

const GRADE_OPTIONS = GRADES.map((g) => ({ value: g.value, label: g.label }));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g[0]!.toUpperCase() + g.slice(1) }));

/** Spec 9's fee line and the organiser's answer; nothing is saved until they answer. */
function FeeQuestion(props: {
  fee: FamilyDeskFee;
  cents: number;
  value: boolean | undefined;
  onChange: (applies: boolean) => void;
}) {
  return (
    <Radio.Group
      label={feeLine(props.fee, formatRand(props.cents))}
      description="Does the fee apply? It is recorded in the audit log."
      required
      value={props.value === undefined ? null : props.value ? 'yes' : 'no'}
      onChange={(v) => props.onChange(v === 'yes')}
    >
      <Group mt={4}>
        <Radio value="yes" label="The fee applies" />
        <Radio value="no" label="No fee" />
      </Group>
    </Radio.Group>
  );
}

function DialogFrame(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  ready: boolean;
  pending: boolean;
  children: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.ready) props.onSubmit();
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!props.ready} loading={props.pending}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type ContestantForm = Pick<
  FamilyContestant,
  'firstName' | 'surname' | 'school' | 'grade' | 'email' | 'mobileNumber' | 'gender'
>;

export function CorrectContestantDialog(props: {
  familyId: number;
  contestant: FamilyContestant;
  feeCents: number;
  onClose: () => void;
}) {
  const correct = useCorrectContestant(props.familyId);
  const schools = useSchools();
  const c = props.contestant;
  const [form, setForm] = useState<ContestantForm>({ ...c });
  const [feeApplies, setFeeApplies] = useState<boolean>();
  const [error, setError] = useState<string>();
  const text = (key: 'firstName' | 'surname' | 'email' | 'mobileNumber') => ({
    value: form[key] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
  });
  function save() {
    const parsed = CorrectContestantSchema.safeParse({ ...form, feeApplies });
    if (!parsed.success) {
      setError(parsed.error.issues[0] && issueWords(parsed.error.issues[0].message));
      return;
    }
    setError(undefined);
    correct.mutate(
      { contestantId: c.id, body: parsed.data },
      {
        onSuccess: () => {
          toast('success', `${form.firstName} ${form.surname} was corrected.`, 'Corrected');
          props.onClose();
        },
      },
    );
  }
  return (
    <DialogFrame
      title={`Correct ${c.firstName} ${c.surname}`}
      onClose={props.onClose}
      onSubmit={save}
      submitLabel="Save correction"
      ready={feeApplies !== undefined}
      pending={correct.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Names" required maxLength={100} {...text('firstName')} />
        <TextInput label="Last Name" required maxLength={100} {...text('surname')} />
        <Select
          label="School"
          required
          searchable
          data={(schools.data ?? []).map((s) => s.name)}
          value={form.school}
          onChange={(school) => setForm((f) => ({ ...f, school: school ?? '' }))}
          allowDeselect={false}
        />
        <Select
          label="Age & Grade"
          required
          data={GRADE_OPTIONS}
          value={form.grade}
          onChange={(grade) => setForm((f) => ({ ...f, grade: grade ?? '' }))}
          allowDeselect={false}
        />
        <Select
          label="Gender"
          data={GENDER_OPTIONS}
          value={form.gender}
          onChange={(gender) => setForm((f) => ({ ...f, gender }))}
        />
        <TextInput label="Email" type="email" maxLength={254} {...text('email')} />
        <TextInput label="Mobile number" maxLength={20} {...text('mobileNumber')} />
      </SimpleGrid>
      <FeeQuestion
        fee="amendment"
        cents={props.feeCents}
        value={feeApplies}
        onChange={setFeeApplies}
      />
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </DialogFrame>
  );
}

export function ChangeItemDialog(props: {
  familyId: number;
  entry: FamilyEntry;
  feeCents: number;
  onClose: () => void;
}) {
  const change = useChangeEntryItem(props.familyId);
  const items = useComparableItems(props.entry);
  const [itemId, setItemId] = useState<string | null>(null);
  const [feeApplies, setFeeApplies] = useState<boolean>();
  const options = (items.data ?? [])
    .filter((i) => i.id !== props.entry.itemId)
    .map((i) => ({ value: String(i.id), label: `${i.code} - ${i.shortDescription}` }));
  return (
    <DialogFrame
      title={`Change the item of ${props.entry.contestant}'s entry`}
      onClose={props.onClose}
      onSubmit={() =>
        change.mutate(
          {
            orderItemId: props.entry.id,
            body: { itemId: Number(itemId), feeApplies: feeApplies! },
          },
          {
            onSuccess: () => {
              toast('success', 'The entry was moved to the new item.', 'Item changed');
              props.onClose();
            },
          },
        )
      }
      submitLabel="Change item"
      ready={itemId !== null && feeApplies !== undefined}
      pending={change.isPending}
    >
      <Text size="sm">
        Now: {props.entry.itemCode} - {props.entry.itemShortDescription}. Only an item of the same
        section and kind at the same fee can be chosen; due dates do not stop an organiser.
      </Text>
      <Select
        label="Select Item Code"
        required
        searchable
        data={options}
        value={itemId}
        onChange={setItemId}
        placeholder={items.isPending ? 'Loading the items…' : 'Choose an item'}
        nothingFoundMessage="No item matches"
      />
      <FeeQuestion
        fee="change"
        cents={props.feeCents}
        value={feeApplies}
        onChange={setFeeApplies}
      />
    </DialogFrame>
  );
}

export function RegenerateCertificatesDialog(props: {
  familyId: number;
  entry: FamilyEntry;
  feeCents: number;
  onClose: () => void;
}) {
  const regenerate = useRegenerateCertificates(props.familyId);
  const [feeApplies, setFeeApplies] = useState<boolean>();
  return (
    <DialogFrame
      title="Regenerate certificates"
      onClose={props.onClose}
      onSubmit={() =>
        regenerate.mutate(
          { orderItemId: props.entry.id, feeApplies: feeApplies! },
          {
            onSuccess: (made) => {
              toast('success', `${made.certificates} certificate(s) made anew.`, 'Regenerated');
              props.onClose();
            },
          },
        )
      }
      submitLabel="Regenerate"
      ready={feeApplies !== undefined}
      pending={regenerate.isPending}
    >
      <Text size="sm">
        The certificates of {props.entry.itemCode} for {props.entry.contestant} are made again from
        the details as they are now. The current ones stop verifying.
      </Text>
      <FeeQuestion
        fee="amendment"
        cents={props.feeCents}
        value={feeApplies}
        onChange={setFeeApplies}
      />
    </DialogFrame>
  );
}

export function ResendConfirmationDialog(props: {
  familyId: number;
  order: FamilyOrder;
  onClose: () => void;
}) {
  const resend = useResendConfirmation(props.familyId);
  return (
    <DialogFrame
      title={`Resend the confirmation of order ${props.order.orderNumber}`}
      onClose={props.onClose}
      onSubmit={() =>
        resend.mutate(props.order.id, {
          onSuccess: (sent) => {
            toast(
              'success',
              `Sent to ${sent.messages.map((m) => m.recipient).join(' and ')}.`,
              'Confirmation sent',
            );
            props.onClose();
          },
        })
      }
      submitLabel="Send again"
      ready
      pending={resend.isPending}
    >
      <Text size="sm">
        The family is sent the payment confirmation of this order again, as it was sent when it was
        paid.
      </Text>
    </DialogFrame>
  );
}
