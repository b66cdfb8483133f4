import { Alert, Text } from '@mantine/core';
import type { entriesTotals } from '../entry-state.ts';
import { finalisingText } from '../../../shared/uploads/entry-text.ts';

/** The contestant's entries counted: in all, finalised, not sent, withdrawn (decision 043). */
export function EntriesTotals({ totals }: { totals: ReturnType<typeof entriesTotals> }) {
  return (
    <div>
      <Text fw={600} data-testid="entries-total">
        {totals.line}
      </Text>
      {totals.finalisedLine && (
        <Text fw={600} data-testid="entries-finalised">
          {totals.finalisedLine}
        </Text>
      )}
      {totals.notSentWarning && (
        <Alert
          color="orange"
          variant="light"
          mt="xs"
          title={finalisingText('state-not-sent')}
          data-testid="entries-not-sent"
        >
          <Text size="sm" c="dark.8">
            {totals.notSentWarning}
          </Text>
        </Alert>
      )}
      {totals.withdrawnNote && (
        <Text size="sm" c="dark.6" data-testid="entries-withdrawn">
          {totals.withdrawnNote}
        </Text>
      )}
    </div>
  );
}
