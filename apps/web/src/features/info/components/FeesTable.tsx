import { formatRand, type EventFees } from '@eisteddfod/shared';
import { RowTable } from '../../../components/RowTable.tsx';
import { text } from '../text.ts';

/** The fees of spec 9, as the server holds them. */
export function FeesTable({ fees }: { fees: EventFees }) {
  return (
    <RowTable
      rows={[
        [text('feeIndividual'), formatRand(fees.individualCents)],
        [
          text('feeGroupSmall', { participants: fees.groupLargeFromParticipants }),
          formatRand(fees.groupSmallCents),
        ],
        [
          text('feeGroupLarge', { participants: fees.groupLargeFromParticipants }),
          formatRand(fees.groupLargeCents),
        ],
        [text('feeChange'), formatRand(fees.changeFeeCents)],
        [text('feeAmendment'), formatRand(fees.amendmentFeeCents)],
        [text('feeLate'), text('feeLatePercent', { percent: fees.lateSurchargePercent })],
      ]}
    />
  );
}
