import { formatRand, type EventFees } from '@eisteddfod/shared';
import { RowTable } from '../../../components/RowTable.tsx';

/** The fees of spec 9, as the server holds them. */
export function FeesTable({ fees }: { fees: EventFees }) {
  return (
    <RowTable
      rows={[
        ['Individual entry, per person per item', formatRand(fees.individualCents)],
        [
          `Group entry, fewer than ${fees.groupLargeFromParticipants} participants`,
          formatRand(fees.groupSmallCents),
        ],
        [
          `Group entry, ${fees.groupLargeFromParticipants} or more participants`,
          formatRand(fees.groupLargeCents),
        ],
        ['Change of a wrong item code', formatRand(fees.changeFeeCents)],
        [
          'Amendment of participant details or certificate regeneration',
          formatRand(fees.amendmentFeeCents),
        ],
        ['Late-entry surcharge', `${fees.lateSurchargePercent}% of the total`],
      ]}
    />
  );
}
