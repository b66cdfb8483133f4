import { Anchor, Badge, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import {
  type MarkingState,
  medalFor,
  paths,
  resultsOn,
  totalOf,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import { sayDate } from '../../../shared/event/family-dates.ts';
import { Link } from 'react-router';
import { useCurrentEvent } from '../../../shared/event/api/client-config.ts';
import { useEntryResult } from '../api/entry-result.ts';
import { entryMarkingState } from '../entry-state.ts';
import classes from '../uploads.module.css';
import { NEW_TAB } from './modal-props.ts';
import { text, uploadText } from '../text.ts';
import { finalisingText, resultText } from '../../../shared/uploads/entry-text.ts';

/**
 * Beside the spec's 'no result' words (decision 043): why there is none, so that a parent is not
 * sent to support for an entry that was never finalised, or before the results are out.
 */
function resultNote(state: MarkingState): string {
  switch (state) {
    case 'sent':
      return finalisingText('resultNotOut');
    case 'not-sent':
      return finalisingText('resultNotSentYet');
    case 'withdrawn':
      return uploadText('withdrawnState');
    default:
      return finalisingText('resultNotSent');
  }
}

/** The result of one entry (loaded with its dialog's first opening: ResultsModal). */
export default function ResultBody({ entry }: { entry: ParticipantOrderItem }) {
  const result = useEntryResult(entry.id);
  const event = useCurrentEvent().data;
  const results = event ? resultsOn(event) : undefined;
  if (result.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader aria-label={text('loadingResults')} />
      </Group>
    );
  }
  if (result.isError) return <Text role="alert">{resultText('fetchError')}</Text>;

  const { scores, comment, certificates } = result.data;
  const code = result.data.itemCode || entry.itemCode;
  if (scores.length === 0) {
    return (
      <Stack gap="xs">
        <Text fw={700}>{resultText('noResult', { code })}</Text>
        <Text fw={600} data-testid="result-marking">
          {entryMarkingState(entry) === 'sent' && results
            ? text('resultNoteOn', {
                note: resultNote('sent'),
                date: sayDate(results),
              })
            : resultNote(entryMarkingState(entry))}
        </Text>
        <Text>{resultText('contactSupport')}</Text>
      </Stack>
    );
  }
  const total = result.data.total ?? totalOf(scores);
  const medal = result.data.medal ?? medalFor(total);
  return (
    <Stack gap="md">
      <Text fw={600}>
        {entry.itemCode} - {entry.itemShortDescription}
      </Text>
      <table className={classes.scores} aria-label={text('scoresFor', { code })}>
        <thead>
          <tr>
            <th scope="col">{text('name')}</th>
            <th scope="col" className={classes.score}>
              {text('score')}
            </th>
          </tr>
        </thead>
        <tbody>
          {scores.map((score) => (
            <tr key={score.name}>
              <td>{score.name}</td>
              <td className={classes.score}>
                {score.value} / {score.maxValue}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{text('total')}</th>
            <td className={classes.score} data-testid="result-total">
              {total}
            </td>
          </tr>
        </tfoot>
      </table>
      <Group gap="xs">
        <Text fw={700}>{text('medal')}</Text>
        <Badge size="lg" color="grape.9" variant="filled">
          {medal}
        </Badge>
      </Group>
      <Textarea
        label={text('adjudicatorComment')}
        value={comment ?? ''}
        readOnly
        // Sized to the comment (Mantine's autosize needs browser APIs that tests lack).
        rows={Math.min(10, Math.max(3, Math.ceil((comment ?? '').length / 60)))}
        size="md"
      />
      {certificates.length > 0 && (
        <Stack gap={4}>
          <Text fw={700}>{text('certificates')}</Text>
          {certificates.map((certificate) => (
            <Anchor key={certificate.url} href={certificate.url} {...NEW_TAB} fw={600} py={6}>
              {certificate.label}
            </Anchor>
          ))}
        </Stack>
      )}
      <Anchor
        component={Link}
        to={paths.contestantResults.href({ id: entry.participantProfileId })}
        fw={600}
      >
        {text('allResults')}
      </Anchor>
    </Stack>
  );
}
