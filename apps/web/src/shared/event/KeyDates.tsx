import { formatLongDate, type EventDates } from '@eisteddfod/shared';
import { RowTable } from '../../components/RowTable.tsx';

/** The event's key dates (spec 9), as the server holds them. */
export function KeyDates({ dates }: { dates: EventDates }) {
  return (
    <RowTable
      rows={[
        ['Registration opens', formatLongDate(dates.registrationOpens)],
        ['Registration deadline', `23:59 on ${formatLongDate(dates.registrationCloses)}`],
        ['Uploads open', formatLongDate(dates.uploadsOpen)],
        [
          'Submission period',
          `${formatLongDate(dates.submissionStarts)} to ${formatLongDate(dates.submissionEnds)}`,
        ],
        ['Visual arts and creative writing due', `23:59 on ${formatLongDate(dates.visualArtsDue)}`],
        ['Online gala awards released', formatLongDate(dates.galaAwards)],
      ]}
    />
  );
}
