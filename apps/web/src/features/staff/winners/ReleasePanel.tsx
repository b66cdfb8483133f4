import {
  formatLongDate,
  MEDALS,
  RELEASE_TIME_PATTERN,
  RELEASE_WITHDRAW_MINUTES,
  type ReleasePreview,
  type ResultsRelease,
} from '@eisteddfod/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatInstant } from '../../../shared/event/format-instant.ts';
import { useReleasePreview } from '../api/winners/preview-release.ts';
import { useReleaseNow } from '../api/winners/release-now.ts';
import { useScheduleRelease } from '../api/winners/schedule-release.ts';
import { useWithdrawRelease } from '../api/winners/withdraw-release.ts';
import { toldSentence } from '../components/told-sentence.ts';

const MEDAL_NAMES = {
  DIPLOMA: 'Diploma',
  GOLD: 'Gold',
  SILVER: 'Silver',
  BRONZE: 'Bronze',
  MERIT: 'Merit',
};

/**
 * Exactly what the release makes public, as the gala page will show it, and who is told
 * (decision 033): the organiser reads this before anything goes out.
 */
function ReleaseList({ preview }: { preview: ReleasePreview }) {
  const marks = `${preview.told.marks} submitted ${preview.told.marks === 1 ? 'mark' : 'marks'}`;
  return (
    <Stack gap="xs">
      <Text fw={600}>Everyone sees on the gala page:</Text>
      <Text size="sm" fw={600} component="h3" m={0}>
        Medals per section
      </Text>
      {preview.sections.length === 0 ? (
        <Text size="sm">No section has a published result.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {preview.sections.map((s) => (
            <List.Item key={s.section}>
              {s.section}: {s.entries} {s.entries === 1 ? 'entry' : 'entries'} (
              {MEDALS.map((m) => `${MEDAL_NAMES[m]} ${s.medals[m]}`).join(', ')})
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" fw={600} component="h3" m={0}>
        Section Winners, by name as the gala shows them
      </Text>
      {preview.winners.length === 0 ? (
        <Text size="sm">No Section Winner is named.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {preview.winners.map((w) => (
            <List.Item key={`${w.section}-${w.bandLabel}-${w.name}`}>
              {w.section}, {w.bandLabel}: {w.name}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" fw={600} component="h3" m={0}>
        Showcase
      </Text>
      {preview.showcase.length === 0 ? (
        <Text size="sm">Nothing is shown.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {preview.showcase.map((i) => (
            <List.Item key={`${i.itemCode}-${i.name}`}>
              {i.name}: {i.itemCode} {i.itemTitle} ({i.kind})
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm">
        {marks} will be published with their certificates.{' '}
        {/* With every mark out already, the release tells only the winners' titles. */}
        {toldSentence(
          preview.told,
          preview.told.marks === 0
            ? 'their Section Winner titles'
            : 'their results and Section Winner titles',
        )}
        .
      </Text>
    </Stack>
  );
}

/**
 * Publication on the gala date (spec 9, decision 026): the time of day the results, certificates
 * and families' messages go out, in the event's time zone; or now, by hand, after asking.
 */
export function ReleasePanel({ eventId, release }: { eventId: number; release: ResultsRelease }) {
  const [time, setTime] = useState(release.releaseTime ?? '18:00');
  const [asking, setAsking] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const schedule = useScheduleRelease(eventId);
  const releaseNow = useReleaseNow(eventId);
  const withdraw = useWithdrawRelease(eventId);
  const preview = useReleasePreview(eventId, asking);
  const problems = preview.data?.problems ?? [];
  const valid = RELEASE_TIME_PATTERN.test(time);
  const galaDate = formatLongDate(release.galaDate);
  const marks = `${release.unpublishedMarks} submitted ${release.unpublishedMarks === 1 ? 'mark' : 'marks'}`;

  return (
    <Card withBorder component="section" aria-labelledby="release-heading">
      <Title order={2} id="release-heading" mb={4}>
        Release on the gala date
      </Title>
      {release.winnersNeedConfirming && (
        <Alert color="orange" title="Winners need confirming again" mb="sm">
          The confirmed winners no longer match the marks (a mark changed, an entry was withdrawn or
          marks were published later). Nobody is announced as a Section Winner until you preview and
          confirm the winners again.
        </Alert>
      )}
      {release.releasedAt ? (
        <Alert color="green" title="Results released">
          The results went out on {formatInstant(release.releasedAt, release.timeZone)} (
          {release.timeZone}). The gala page shows them.
          {release.unpublishedMarks > 0 &&
            ` ${marks} came in later: publish them on the Results screen.`}
          {release.withdrawableUntil && (
            <Group mt="sm">
              {/* Default: a coloured outline on the alert's green tint is too faint (axe). */}
              <Button variant="default" onClick={() => setWithdrawing(true)}>
                Withdraw the gala page…
              </Button>
            </Group>
          )}
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
        onClose={() => {
          setAsking(false);
          setAcknowledged(false);
        }}
        title="Release the results now?"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        size="lg"
      >
        {preview.isPending ? (
          <Text mb="md">Looking at what the release makes public…</Text>
        ) : !preview.data ? (
          <Text mb="md" c="red.9">
            What the release makes public could not be read. Close this and try again.
          </Text>
        ) : (
          <Stack gap="sm" mb="md">
            {problems.length > 0 && (
              <Alert color="orange" title="Missing before the release">
                <List size="sm" spacing={2}>
                  {problems.map((p) => (
                    <List.Item key={p.code}>{p.message}</List.Item>
                  ))}
                </List>
                <Checkbox
                  mt="sm"
                  label="Release anyway, without what is listed here"
                  checked={acknowledged}
                  onChange={(e) => setAcknowledged(e.currentTarget.checked)}
                />
              </Alert>
            )}
            <ReleaseList preview={preview.data} />
            <Text size="sm">
              This cannot be undone: for {RELEASE_WITHDRAW_MINUTES} minutes you can withdraw the
              gala page, but messages sent to families are not unsent.
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button
            loading={releaseNow.isPending}
            disabled={!preview.data || (problems.length > 0 && !acknowledged)}
            onClick={() =>
              releaseNow.mutate(acknowledged ? problems.map((p) => p.code) : [], {
                onSuccess: () => setAsking(false),
                onSettled: () => setAcknowledged(false),
              })
            }
          >
            Release now
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={withdrawing}
        onClose={() => setWithdrawing(false)}
        title="Withdraw the gala page?"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="xs" mb="md">
          <Text>
            The public gala page goes back to saying when results come out: no medal counts, Section
            Winners or showcase, and no Section Winner certificate checks, until you release it
            again.
          </Text>
          <Text fw={600}>
            Messages already sent to families are not unsent, and families keep the results of their
            entries.
          </Text>
          {release.withdrawableUntil && (
            <Text size="sm">
              Possible until {formatInstant(release.withdrawableUntil, release.timeZone)} (
              {release.timeZone}).
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setWithdrawing(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={withdraw.isPending}
            onClick={() => withdraw.mutate(undefined, { onSettled: () => setWithdrawing(false) })}
          >
            Withdraw the gala page
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
