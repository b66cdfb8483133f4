import {
  formatLongDate,
  REMINDER_AUDIENCE_LABELS,
  REMINDER_AUDIENCES,
  REMINDER_KIND_LABELS,
  REMINDER_KINDS,
  type ReminderAudience,
  type ReminderCampaign,
  type ReminderChannel,
  type ReminderKind,
} from '@eisteddfod/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toasts.ts';
import { useStaffEvents } from './api/events/list-events.ts';
import { useCancelReminder } from './api/reminders/cancel-reminder.ts';
import { useCreateReminder } from './api/reminders/create-reminder.ts';
import { useReminderCampaigns } from './api/reminders/list-reminders.ts';
import { useSendReminderNow } from './api/reminders/send-reminder-now.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { ReminderPreview } from './components/ReminderPreview.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const KIND_OPTIONS = REMINDER_KINDS.map((k) => ({ value: k, label: REMINDER_KIND_LABELS[k] }));
const AUDIENCE_OPTIONS = REMINDER_AUDIENCES.map((a) => ({
  value: a,
  label: REMINDER_AUDIENCE_LABELS[a],
}));
const CHANNEL_LABELS: Record<ReminderChannel, string> = { email: 'Email', whatsapp: 'WhatsApp' };
const STATUS: Record<ReminderCampaign['status'], { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  sending: { label: 'Sending', color: 'yellow' },
  sent: { label: 'Sent', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

function NewReminderForm() {
  const events = useStaffEvents();
  const create = useCreateReminder();
  const served = events.data?.events.find((e) => e.isServed) ?? events.data?.events[0];
  const [eventId, setEventId] = useState<string | null>(null);
  // The task list's 'Remind them' opens the form with its reminder chosen (issue 34).
  const [search] = useSearchParams();
  const [kind, setKind] = useState<ReminderKind | null>(
    () => REMINDER_KINDS.find((k) => k === search.get('kind')) ?? null,
  );
  const [audience, setAudience] = useState<ReminderAudience>('all');
  const [channels, setChannels] = useState<ReminderChannel[]>(['email']);
  const [timing, setTiming] = useState<'now' | 'later'>('now');
  const [sendAt, setSendAt] = useState('');
  const [error, setError] = useState<string>();
  const event = eventId ?? (served ? String(served.id) : null);
  const choice =
    event && kind && channels.length > 0
      ? { eventId: Number(event), kind, channels, audience }
      : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!choice) {
      setError('Please choose the event, the reminder and at least one channel.');
      return;
    }
    const at = timing === 'later' ? new Date(sendAt) : undefined;
    if (at && Number.isNaN(at.getTime())) {
      setError('Please choose the date and time to send it.');
      return;
    }
    setError(undefined);
    create.mutate(
      { ...choice, sendAt: at ? at.toISOString() : null },
      {
        onSuccess: () => {
          toast(
            'success',
            at ? `Scheduled for ${when.format(at)}.` : 'It is being sent now.',
            'Reminder saved',
          );
          setKind(null);
          setSendAt('');
          setTiming('now');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-reminder-heading">
      <Title order={2} id="new-reminder-heading" mb="xs">
        New reminder
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Event"
            required
            data={(events.data?.events ?? []).map((e) => ({
              value: String(e.id),
              label: e.settings.name,
            }))}
            value={event}
            onChange={setEventId}
            allowDeselect={false}
          />
          <Select
            label="Reminder"
            required
            placeholder="Choose a reminder"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(k) => setKind(k as ReminderKind | null)}
            allowDeselect={false}
          />
          <Select
            label="Who"
            description="A teacher hears of their learners' entries, a family of its children's."
            required
            data={AUDIENCE_OPTIONS}
            value={audience}
            onChange={(a) => a && setAudience(a as ReminderAudience)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Send by"
          required
          value={channels}
          onChange={(c) => setChannels(c as ReminderChannel[])}
        >
          <Group mt={4}>
            <Checkbox value="email" label="Email" />
            <Checkbox value="whatsapp" label="WhatsApp" />
          </Group>
        </Checkbox.Group>
        <Radio.Group label="When" value={timing} onChange={(v) => setTiming(v as 'now' | 'later')}>
          <Group mt={4}>
            <Radio value="now" label="Now" />
            <Radio value="later" label="At a time" />
          </Group>
        </Radio.Group>
        {timing === 'later' && (
          <TextInput
            label="Send at"
            type="datetime-local"
            required
            value={sendAt}
            onChange={(e) => setSendAt(e.currentTarget.value)}
            maw={280}
          />
        )}
        {choice ? (
          <ReminderPreview {...choice} />
        ) : (
          <Text size="sm">Choose the reminder and a channel to see who would get it.</Text>
        )}
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!choice}>
            {timing === 'now' ? 'Send now' : 'Schedule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Figures({ campaign }: { campaign: ReminderCampaign }) {
  return (
    <Stack gap={0}>
      {campaign.channels.map((channel) => {
        const f = campaign.delivery[channel];
        return (
          <Text size="sm" key={channel}>
            {CHANNEL_LABELS[channel]}: {f.queued} queued, {f.sent} sent, {f.failed} failed
          </Text>
        );
      })}
    </Stack>
  );
}

function Campaigns() {
  const campaigns = useReminderCampaigns();
  const sendNow = useSendReminderNow();
  const cancel = useCancelReminder();
  if (campaigns.isPending) return <Loader aria-label="Loading the reminders" />;
  if (campaigns.isError)
    return (
      <Alert color="red" title="Error">
        The reminders could not be loaded. Please try again.
      </Alert>
    );
  const nameOf = (c: ReminderCampaign) =>
    `${REMINDER_KIND_LABELS[c.kind]}, ${when.format(new Date(c.sendAt))}`;
  const columns: Column<ReminderCampaign>[] = [
    {
      key: 'reminder',
      header: 'Reminder',
      cell: (c) => (
        <>
          <Text size="sm" fw={600}>
            {REMINDER_KIND_LABELS[c.kind]}
          </Text>
          <Text size="sm">
            {c.eventName} · {c.channels.map((ch) => CHANNEL_LABELS[ch]).join(' and ')}
          </Text>
          {c.audience && c.audience !== 'all' && (
            <Text size="xs">{REMINDER_AUDIENCE_LABELS[c.audience]}</Text>
          )}
          {c.automatic && c.dueDate ? (
            <Text size="xs">Automatic, for entries due {formatLongDate(c.dueDate)}</Text>
          ) : (
            c.createdBy && <Text size="xs">By {c.createdBy}</Text>
          )}
        </>
      ),
    },
    { key: 'when', header: 'When', cell: (c) => when.format(new Date(c.sendAt)) },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <>
          <Badge miw="max-content" color={STATUS[c.status].color} c="black" variant="light">
            {STATUS[c.status].label}
          </Badge>
          {c.status === 'sent' && (
            <Text size="xs">{c.families === 1 ? '1 family' : `${c.families} families`}</Text>
          )}
        </>
      ),
    },
    { key: 'delivery', header: 'Delivery', cell: (c) => <Figures campaign={c} /> },
    {
      key: 'changes',
      header: 'Changes',
      cell: (c) =>
        c.status === 'scheduled' && (
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="default"
              aria-label={`Send now: ${nameOf(c)}`}
              loading={sendNow.isPending && sendNow.variables === c.id}
              onClick={() =>
                sendNow.mutate(c.id, {
                  onSuccess: () => toast('success', 'It is being sent now.', 'Sent'),
                })
              }
            >
              Send now
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              aria-label={`Cancel: ${nameOf(c)}`}
              loading={cancel.isPending && cancel.variables === c.id}
              onClick={() =>
                cancel.mutate(c.id, {
                  onSuccess: () => toast('success', 'The reminder will not be sent.', 'Cancelled'),
                })
              }
            >
              Cancel
            </Button>
          </Group>
        ),
    },
  ];
  return (
    <DataTable
      label="Reminders"
      minWidth={720}
      columns={columns}
      rows={campaigns.data}
      rowKey={(c) => c.id}
      empty="No reminders yet."
    />
  );
}

function RemindersScreen() {
  return (
    <Stack gap="lg">
      <Text size="sm">
        Reminders go to each family once, by email and by WhatsApp (an approved template), listing
        only their own entries. Families can turn reminders off on My Profile.
      </Text>
      <Card withBorder component="section">
        <NewReminderForm />
      </Card>
      <Campaigns />
    </Stack>
  );
}

export default function RemindersPage() {
  return (
    <StaffArea title="Reminders" action="manage:reminders">
      {() => <RemindersScreen />}
    </StaffArea>
  );
}
