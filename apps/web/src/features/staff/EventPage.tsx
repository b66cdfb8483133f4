import { paths, type StaffEvent } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStaffEvent } from './api/events/get-event.ts';
import { useStaffEvents } from './api/events/list-events.ts';
import { useMakeLive } from './api/events/make-live.ts';
import { useShiftDates } from './api/events/shift-dates.ts';
import { SettingsForm } from './components/EventSettingsForm.tsx';
import { OldYearTexts } from './components/OldYearTexts.tsx';
import { StaffArea } from './components/StaffArea.tsx';

function ShiftDates({ event, onShifted }: { event: StaffEvent; onShifted: () => void }) {
  const [days, setDays] = useState<number | string>(7);
  const shift = useShiftDates(event.id);
  const valid = typeof days === 'number' && days !== 0 && Math.abs(days) <= 3660;
  return (
    <Card withBorder component="section" aria-labelledby="shift-heading">
      <Title order={2} id="shift-heading" mb={4}>
        Move every date
      </Title>
      <Text size="sm" mb="sm">
        Moves the event’s dates and every item’s due date together. A negative number moves them
        earlier.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <NumberInput
          label="Days"
          value={days}
          onChange={setDays}
          min={-3660}
          max={3660}
          w={160}
          error={valid ? undefined : 'Enter a number of days other than 0.'}
        />
        <Button
          variant="default"
          disabled={!valid}
          loading={shift.isPending}
          onClick={() => shift.mutate(Number(days), { onSuccess: onShifted })}
        >
          Move dates
        </Button>
      </Group>
    </Card>
  );
}

function MakeLive({ event }: { event: StaffEvent }) {
  const [asking, setAsking] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const oldTexts = event.oldYearTexts.length;
  const makeLive = useMakeLive(event.id);
  // Adjudicators mark the event families see: entries of the live one still unpublished would
  // leave their lists.
  const live = useStaffEvents().data?.events.find((e) => e.isLive && e.id !== event.id);
  if (event.isLive)
    return (
      <Alert color="green" title="This event is live">
        Families see this event’s catalogue and dates.
      </Alert>
    );
  return (
    <Card withBorder component="section" aria-labelledby="live-heading">
      <Title order={2} id="live-heading" mb={4}>
        Make this event live
      </Title>
      <Text size="sm" mb="sm">
        Families will see this event’s catalogue and dates. The event live now stays readable:
        families keep their orders and results.
      </Text>
      <Group>
        <Button onClick={() => setAsking(true)}>Make live…</Button>
      </Group>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Make this event live?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="md">
          From now on families see {event.settings.name} ({event.items} items).
        </Text>
        {live && live.unpublishedEntries > 0 && (
          <Alert color="orange" title="Marking is not finished" mb="md">
            {live.settings.name} has {live.unpublishedEntries} finalised{' '}
            {live.unpublishedEntries === 1 ? 'entry' : 'entries'} without published results.
            Adjudicators mark the live event only: they will no longer see{' '}
            {live.unpublishedEntries === 1 ? 'it' : 'them'}.
          </Alert>
        )}
        {oldTexts > 0 && (
          <Alert color="orange" title={`Texts still name ${event.copiedFromYear}`} mb="md">
            <Text size="sm" mb="xs">
              {oldTexts === 1 ? 'One text' : `${oldTexts} texts`} families will see still{' '}
              {oldTexts === 1 ? 'names' : 'name'} {event.copiedFromYear} (listed on this page).
            </Text>
            <Checkbox
              checked={accepted}
              onChange={(e) => setAccepted(e.currentTarget.checked)}
              label={`Make it live with ${oldTexts === 1 ? 'this text' : 'these texts'} as they are`}
            />
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button
            loading={makeLive.isPending}
            disabled={oldTexts > 0 && !accepted}
            onClick={() => makeLive.mutate(accepted, { onSuccess: () => setAsking(false) })}
          >
            Make live
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

export default function EventPage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="Event settings" action="manage:events">
      {() => <EventSettingsScreen id={id} />}
    </StaffArea>
  );
}

function EventSettingsScreen({ id }: { id: number }) {
  const event = useStaffEvent(id);
  // A new form after the dates move on the server (its key is when they were read).
  const [version, setVersion] = useState(0);
  if (event.isPending) return <Loader aria-label="Loading the event" />;
  if (event.isError)
    return (
      <Alert color="red" title="Error">
        The event could not be loaded. Please try again.
      </Alert>
    );
  const e = event.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Anchor component={Link} to={paths.staffEvents.href()}>
          All events
        </Anchor>
        <Group gap="xs">
          <Title order={2} size="h3">
            {e.settings.name}
          </Title>
          {e.isLive && (
            <Badge color="green" c="black" variant="light">
              Live
            </Badge>
          )}
        </Group>
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="sm">
          {e.categories} categories, {e.items} items, {e.orders} orders.
        </Text>
        <Anchor component={Link} to={paths.staffEventCatalogue.href({ id: e.id })} size="sm">
          Edit the catalogue
        </Anchor>
        <Anchor component={Link} to={paths.staffEventRubrics.href({ id: e.id })} size="sm">
          Edit the rubrics
        </Anchor>
        <Anchor component={Link} to={paths.staffEventContent.href({ id: e.id })} size="sm">
          Edit the site content
        </Anchor>
        <Anchor component={Link} to={paths.staffEventWinners.href({ id: e.id })} size="sm">
          Section winners and release
        </Anchor>
      </Group>
      <OldYearTexts event={e} />
      <MakeLive event={e} />
      <SettingsForm key={`${e.id}-${version}`} event={e} />
      <ShiftDates
        event={e}
        onShifted={() => {
          void event.refetch().then(() => setVersion((v) => v + 1));
        }}
      />
    </Stack>
  );
}
