import {
  EVENT_DATE_LABELS,
  EventSettingsSchema,
  formatRand,
  parseRand,
  type Banking,
  type EventDates,
  type EventSettings,
  type StaffEvent,
} from '@eisteddfod/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useUpdateEvent } from '../api/events/update-event.ts';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

// An event's settings as organisers edit them: the form, its text as typed, and the settings
// read back from it with what is wrong with each field.

const DATE_FIELDS = Object.keys(EVENT_DATE_LABELS) as (keyof EventDates)[];

/** Where schools pay by EFT (decision 066): all four, or statements say they are missing. */
const BANKING_FIELDS = [
  ['bankName', 'Bank'],
  ['accountName', 'Account name'],
  ['accountNumber', 'Account number'],
  ['branchCode', 'Branch code'],
] as const;

const FEE_FIELDS = [
  ['individualCents', 'Individual entry'],
  ['groupSmallCents', 'Group entry, small'],
  ['groupLargeCents', 'Group entry, large'],
  ['changeFeeCents', 'Change fee'],
  ['amendmentFeeCents', 'Amendment fee'],
] as const;
type FeeField = (typeof FEE_FIELDS)[number][0];

/** The form's text, as typed; amounts in rand. */
type Form = Omit<EventSettings, 'dates' | 'fees' | 'year' | 'banking'> & {
  banking: Banking;
  year: string;
  dates: Record<keyof EventDates, string>;
  fees: Record<FeeField, string>;
  groupLargeFromParticipants: string;
  lateSurchargePercent: string;
};

function formOf(settings: EventSettings): Form {
  const { fees } = settings;
  return {
    ...settings,
    banking: settings.banking ?? {
      bankName: '',
      accountName: '',
      accountNumber: '',
      branchCode: '',
    },
    year: String(settings.year),
    dates: Object.fromEntries(
      DATE_FIELDS.map((f) => [f, settings.dates[f] ?? '']),
    ) as Form['dates'],
    fees: Object.fromEntries(
      FEE_FIELDS.map(([f]) => [f, formatRand(fees[f]).replace(/^R /, '').replace(/ /g, '')]),
    ) as Form['fees'],
    groupLargeFromParticipants: String(fees.groupLargeFromParticipants),
    lateSurchargePercent: String(fees.lateSurchargePercent),
  };
}

type Errors = Record<string, string>;

/** The settings the form holds, or what is wrong with each field (keyed by its path). */
function read(form: Form): { settings?: EventSettings; errors: Errors } {
  const errors: Errors = {};
  const fees = Object.fromEntries(
    FEE_FIELDS.map(([f]) => {
      const cents = parseRand(form.fees[f]);
      if (cents === undefined)
        errors[`fees.${f}`] = 'Please enter an amount in rand, such as 160.00.';
      return [f, cents ?? 0];
    }),
  ) as Record<FeeField, number>;
  const parsed = EventSettingsSchema.safeParse({
    name: form.name,
    year: Number(form.year),
    hostLine: form.hostLine,
    timeZone: form.timeZone.trim(),
    certificatesFolder: form.certificatesFolder,
    fileRetentionDays: form.fileRetentionDays,
    banking: form.banking,
    dates: { ...form.dates, lateEntryFrom: form.dates.lateEntryFrom || null },
    fees: {
      ...fees,
      groupLargeFromParticipants: Number(form.groupLargeFromParticipants),
      lateSurchargePercent: Number(form.lateSurchargePercent),
    },
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message.startsWith('Invalid')
        ? 'Please check this value.'
        : issueWords(issue.message);
    }
  return Object.keys(errors).length > 0 || !parsed.success
    ? { errors }
    : { settings: parsed.data, errors };
}

/** The event's name, dates, fees and the rest, saved together. */
export function SettingsForm({ event }: { event: StaffEvent }) {
  const [form, setForm] = useState(() => formOf(event.settings));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateEvent(event.id);
  const set = (change: (f: Form) => Form) => setForm(change);
  const text = (key: 'name' | 'hostLine' | 'timeZone' | 'certificatesFolder' | 'year') => ({
    value: form[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      set((f) => ({ ...f, [key]: value }));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const { settings, errors: found } = read(form);
    setErrors(found);
    if (!settings) return;
    update.mutate(settings, { onSuccess: (saved) => setForm(formOf(saved.settings)) });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-heading">
      <Stack gap="lg">
        <Card withBorder component="section" aria-labelledby="settings-heading">
          <Title order={2} id="settings-heading" mb="sm">
            Event
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required {...text('name')} />
            <TextInput label="Year" required inputMode="numeric" {...text('year')} />
            <TextInput
              label="Host line"
              description="Shown above the title on the home page."
              {...text('hostLine')}
            />
            <TextInput
              label="Time zone"
              description="Deadlines end at midnight here, e.g. Africa/Johannesburg."
              {...text('timeZone')}
            />
            <TextInput
              label="Certificates folder"
              description="Where this year’s certificates are filed."
              {...text('certificatesFolder')}
            />
            <NumberInput
              label="Keep uploaded files for (days)"
              description="After results are published; families are told the date. Certificates stay."
              min={30}
              max={3650}
              value={form.fileRetentionDays ?? ''}
              error={errors.fileRetentionDays}
              onChange={(value) =>
                set((f) => ({ ...f, fileRetentionDays: value === '' ? Number.NaN : Number(value) }))
              }
            />
          </SimpleGrid>
        </Card>

        <Card withBorder component="section" aria-labelledby="dates-heading">
          <Title order={2} id="dates-heading" mb={4}>
            Dates
          </Title>
          <Text size="sm" mb="sm">
            The home page’s key dates come from these.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {DATE_FIELDS.map((field) => (
              <TextInput
                key={field}
                type="date"
                label={EVENT_DATE_LABELS[field]}
                required={field !== 'lateEntryFrom'}
                description={
                  field === 'lateEntryFrom' ? 'Leave empty for no surcharge.' : undefined
                }
                value={form.dates[field]}
                error={errors[`dates.${field}`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set((f) => ({ ...f, dates: { ...f.dates, [field]: value } }));
                }}
              />
            ))}
          </SimpleGrid>
        </Card>

        <Card withBorder component="section" aria-labelledby="fees-heading">
          <Title order={2} id="fees-heading" mb="sm">
            Fees
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {FEE_FIELDS.map(([field, label]) => (
              <TextInput
                key={field}
                label={`${label} (R)`}
                inputMode="decimal"
                value={form.fees[field]}
                error={errors[`fees.${field}`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set((f) => ({ ...f, fees: { ...f.fees, [field]: value } }));
                }}
              />
            ))}
            <TextInput
              label="Large group from (participants)"
              inputMode="numeric"
              value={form.groupLargeFromParticipants}
              error={errors['fees.groupLargeFromParticipants']}
              onChange={(e) => {
                const value = e.currentTarget.value;
                set((f) => ({ ...f, groupLargeFromParticipants: value }));
              }}
            />
            <TextInput
              label="Late surcharge (%)"
              inputMode="numeric"
              value={form.lateSurchargePercent}
              error={errors['fees.lateSurchargePercent']}
              onChange={(e) => {
                const value = e.currentTarget.value;
                set((f) => ({ ...f, lateSurchargePercent: value }));
              }}
            />
          </SimpleGrid>
        </Card>

        <Card withBorder component="section" aria-labelledby="banking-heading">
          <Title order={2} id="banking-heading" mb={4}>
            Banking details
          </Title>
          <Text size="sm" mb="sm">
            Printed on schools’ statements for payment by EFT. Until all four are set, a statement
            says so and schools pay by card.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {BANKING_FIELDS.map(([field, label]) => (
              <TextInput
                key={field}
                label={label}
                value={form.banking[field]}
                error={errors[`banking.${field}`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set((f) => ({ ...f, banking: { ...f.banking, [field]: value } }));
                }}
              />
            ))}
          </SimpleGrid>
        </Card>

        {Object.keys(errors).length > 0 && (
          <Alert color="red" title="Please check the highlighted fields" role="alert">
            {Object.keys(errors).length === 1
              ? 'One field needs a change before the settings can be saved.'
              : `${Object.keys(errors).length} fields need a change before the settings can be saved.`}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
