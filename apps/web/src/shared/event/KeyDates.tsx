import { formatLongDate, type EventDates } from '@eisteddfod/shared';
import { RowTable } from '../../components/RowTable.tsx';
import { text } from './text.ts';

/** The event's key dates (spec 9), as the server holds them. */
export function KeyDates({ dates }: { dates: EventDates }) {
  return (
    <RowTable
      rows={[
        [text('registrationOpens'), formatLongDate(dates.registrationOpens)],
        [
          text('registrationDeadline'),
          text('at2359On', { date: formatLongDate(dates.registrationCloses) }),
        ],
        [text('uploadsOpen'), formatLongDate(dates.uploadsOpen)],
        [
          text('submissionPeriod'),
          text('fromTo', {
            from: formatLongDate(dates.submissionStarts),
            to: formatLongDate(dates.submissionEnds),
          }),
        ],
        [text('visualArtsDue'), text('at2359On', { date: formatLongDate(dates.visualArtsDue) })],
        [text('galaAwards'), formatLongDate(dates.galaAwards)],
      ]}
    />
  );
}
