import { daysToSameWeekday, paths, type StaffEvent } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCopyEvent } from './api/events/copy-event.ts';
import { useStaffEvents } from './api/events/list-events.ts';
import { NoEventYet } from './components/NoEventYet.tsx';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

/** Next year's event from one of the list, with every date a year on (same weekday). */
function CopyForm({ events }: { events: StaffEvent[] }) {
  const navigate = useNavigate();
  const first = events.find((e) => e.isLive) ?? events[0];
  const [fromId, setFromId] = useState(first ? String(first.id) : null);
  const from = events.find((e) => String(e.id) === fromId);
  const nextYear = (from?.settings.year ?? new Date().getFullYear()) + 1;
  const [name, setName] = useState(
    from ? from.settings.name.replace(String(from.settings.year), String(nextYear)) : '',
  );
  const [year, setYear] = useState<number | string>(nextYear);
  const [shiftDays, setShiftDays] = useState<number | string>(
    from ? daysToSameWeekday(from.settings.dates.registrationOpens) : 364,
  );
  const [errors, setErrors] = useState<{ name?: string; year?: string; shiftDays?: string }>({});
  const copy = useCopyEvent(from?.id ?? 0);

  function choose(id: string | null) {
    setFromId(id);
    const chosen = events.find((e) => String(e.id) === id);
    if (!chosen) return;
    const y = chosen.settings.year + 1;
    setYear(y);
    setName(chosen.settings.name.replace(String(chosen.settings.year), String(y)));
    setShiftDays(daysToSameWeekday(chosen.settings.dates.registrationOpens));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = 'Please enter the new event’s name.';
    if (typeof year !== 'number' || year < 2000 || year > 2100)
      found.year = 'Please enter a year from 2000 to 2100.';
    if (typeof shiftDays !== 'number' || Math.abs(shiftDays) > 3660)
      found.shiftDays = 'Please enter a number of days (up to ten years either way).';
    setErrors(found);
    if (Object.keys(found).length > 0 || !from) return;
    copy.mutate(
      { name: name.trim(), year: Number(year), shiftDays: Number(shiftDays) },
      { onSuccess: (created) => void navigate(paths.staffEvent.href({ id: created.id })) },
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby="copy-heading">
      <form onSubmit={submit} noValidate>
        <Title order={2} id="copy-heading" mb={4}>
          Set up next year’s event
        </Title>
        <Text size="sm" mb="sm">
          Copies the catalogue, rubrics, home-page words and settings. Families keep seeing the live
          event until you make the new one live.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Copy from"
            data={events.map((e) => ({ value: String(e.id), label: e.settings.name }))}
            value={fromId}
            onChange={choose}
            allowDeselect={false}
          />
          <TextInput
            label="New event’s name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <NumberInput
            label="Year"
            required
            value={year}
            onChange={setYear}
            min={2000}
            max={2100}
            error={errors.year}
          />
          <NumberInput
            label="Move every date by (days)"
            description="364 keeps each date on the same weekday a year later."
            value={shiftDays}
            onChange={setShiftDays}
            min={-3660}
            max={3660}
            error={errors.shiftDays}
          />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={copy.isPending}>
          Copy event
        </Button>
      </form>
    </Card>
  );
}

const EVENT_COLUMNS: Column<StaffEvent>[] = [
  {
    key: 'event',
    header: 'Event',
    cell: (e) => (
      <Anchor component={Link} to={paths.staffEvent.href({ id: e.id })} fw={600}>
        {e.settings.name}
      </Anchor>
    ),
  },
  {
    key: 'registration',
    header: 'Registration',
    cell: (e) => `${e.settings.dates.registrationOpens} to ${e.settings.dates.registrationCloses}`,
  },
  { key: 'items', header: 'Items', cell: (e) => e.items },
  { key: 'orders', header: 'Orders', cell: (e) => e.orders },
  {
    key: 'status',
    header: 'Status',
    cell: (e) =>
      e.isLive ? (
        <Badge color="green" c="black" variant="light">
          Live
        </Badge>
      ) : (
        <Text size="sm">Not live</Text>
      ),
  },
];

function EventsTable({ events }: { events: StaffEvent[] }) {
  return (
    <DataTable
      label="Events"
      minWidth={640}
      columns={EVENT_COLUMNS}
      rows={events}
      rowKey={(e) => e.id}
      empty="No event yet."
    />
  );
}

export default function EventsPage() {
  return (
    <StaffArea title="Events" action="manage:events">
      {() => <Events />}
    </StaffArea>
  );
}

function Events() {
  const events = useStaffEvents();
  if (events.isPending) return <Loader aria-label="Loading the events" />;
  if (events.isError)
    return (
      <Alert color="red" title="Error">
        The events could not be loaded. Please try again.
      </Alert>
    );
  const { events: list, servedByConfiguration } = events.data;
  return (
    <Stack gap="xl">
      {servedByConfiguration !== null && (
        <Alert color="orange" title="The server’s configuration fixes the event">
          EVENT_ID is set, so families see event {servedByConfiguration} whichever event is live
          here. Remove EVENT_ID from the server’s settings to let the live event decide.
        </Alert>
      )}
      {list.length === 0 ? <NoEventYet onEventsPage /> : <EventsTable events={list} />}
      {list.length > 0 && <CopyForm events={list} />}
    </Stack>
  );
}
