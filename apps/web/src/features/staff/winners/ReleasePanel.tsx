import { formatLongDate, RELEASE_TIME_PATTERN, type ResultsRelease } from '@eisteddfod/shared';
import { Alert, Button, Card, Group, Modal, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatInstant } from '../../../shared/event/format-instant.ts';
import { useReleaseNow, useScheduleRelease } from '../api/winners-api.ts';

/** Mantine's light green on its tint is too faint to read (axe: colour contrast). */
const DARK_TEXT = {
  title: { color: 'var(--mantine-color-dark-9)' },
  message: { color: 'var(--mantine-color-dark-9)' },
};

/**
 * Publication on the gala date (spec 9, decision 026): the time of day the results, certificates
 * and families' messages go out, in the event's time zone; or now, by hand, after asking.
 */
export function ReleasePanel({ eventId, release }: { eventId: number; release: ResultsRelease }) {
  const [time, setTime] = useState(release.releaseTime ?? '18:00');
  const [asking, setAsking] = useState(false);
  const schedule = useScheduleRelease(eventId);
  const releaseNow = useReleaseNow(eventId);
  const valid = RELEASE_TIME_PATTERN.test(time);
  const galaDate = formatLongDate(release.galaDate);
  const marks = `${release.unpublishedMarks} submitted ${release.unpublishedMarks === 1 ? 'mark' : 'marks'}`;

  return (
    <Card withBorder component="section" aria-labelledby="release-heading">
      <Title order={2} id="release-heading" mb={4}>
        Release on the gala date
      </Title>
      {release.winnersNeedConfirming && (
        <Alert color="orange" title="Winners need confirming again" styles={DARK_TEXT} mb="sm">
          The confirmed winners no longer match the marks (a mark changed, an entry was withdrawn or
          marks were published later). Nobody is announced as a Section Winner until you preview and
          confirm the winners again.
        </Alert>
      )}
      {release.releasedAt ? (
        <Alert color="green" title="Results released" styles={DARK_TEXT}>
          The results went out on {formatInstant(release.releasedAt, release.timeZone)} (
          {release.timeZone}). The gala page shows them.
          {release.unpublishedMarks > 0 &&
            ` ${marks} came in later: publish them on the Results screen.`}
        </Alert>
      ) : (
        <>
          <Text size="sm" mb="sm">
            Online gala awards: {galaDate}. At the release every submitted mark is published,
            certificates are made, families are told and the gala page opens.{' '}
            {release.releaseAt
              ? `Scheduled for ${formatInstant(release.releaseAt, release.timeZone)} (${release.timeZone}).`
              : 'Not scheduled: the results go out only when you release them.'}{' '}
            {marks} waiting.
          </Text>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              type="time"
              label="Release time"
              description={`On ${galaDate}, ${release.timeZone} time.`}
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              error={valid ? undefined : 'Please enter a time such as 18:00.'}
              w={{ base: '100%', xs: 220 }}
            />
            <Button
              disabled={!valid}
              loading={schedule.isPending && schedule.variables !== null}
              onClick={() => schedule.mutate(time)}
            >
              Schedule release
            </Button>
            {release.releaseTime && (
              <Button
                variant="default"
                loading={schedule.isPending && schedule.variables === null}
                onClick={() => schedule.mutate(null)}
              >
                Unschedule
              </Button>
            )}
            <Button variant="outline" onClick={() => setAsking(true)}>
              Release now…
            </Button>
          </Group>
        </>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Release the results now?"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Text mb="md">
          Now, before the gala date: {marks} will be published, certificates made, families told and
          the gala page opened. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button
            loading={releaseNow.isPending}
            onClick={() => releaseNow.mutate(undefined, { onSettled: () => setAsking(false) })}
          >
            Release now
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
