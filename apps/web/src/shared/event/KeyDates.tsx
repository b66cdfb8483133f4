import type { EventDates } from '@eisteddfod/shared';
import { RowTable } from '../../components/RowTable.tsx';
import { text } from './text.ts';
import { formatDate } from './format-instant.ts';

/** The event's key dates (spec 9), as the server holds them. */
export function KeyDates({ dates }: { dates: EventDates }) {
  return (
    <RowTable
      rows={[
        [text('registrationOpens'), formatDate(dates.registrationOpens)],
        [
          text('registrationDeadline'),
          text('at2359On', { date: formatDate(dates.registrationCloses) }),
        ],
        [text('uploadsOpen'), formatDate(dates.uploadsOpen)],
        [
          text('submissionPeriod'),
          text('fromTo', {
            from: formatDate(dates.submissionStarts),
            to: formatDate(dates.submissionEnds),
          }),
        ],
        [text('visualArtsDue'), text('at2359On', { date: formatDate(dates.visualArtsDue) })],
        [text('galaAwards'), formatDate(dates.galaAwards)],
      ]}
    />
  );
}
