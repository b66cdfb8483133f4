import { Group, Loader, Modal } from '@mantine/core';
import type { ParticipantOrderItem } from '@eisteddfod/shared';
import { Suspense } from 'react';
import { lazyInLanguage } from '../../../lib/i18n/lazy-in-language.ts';
import { modalProps } from './modal-props.ts';
import { text } from '../text.ts';

/**
 * A result is shown from results day on (issue 20): the dialog's body, with the results calls'
 * schemas, loads when a result is first opened, not with the portal (35 ms of Lighthouse's phone
 * while the portal loaded, decision 053).
 */
const ResultBody = lazyInLanguage(() => import('./ResultBody.tsx'));

/** Spec 2 and 4, Results: the rubric, its total and medal, the comment and the certificates. */
export function ResultsModal(props: { entry: ParticipantOrderItem | null; onClose: () => void }) {
  const { entry } = props;
  return (
    <Modal
      {...modalProps()}
      opened={entry !== null}
      onClose={props.onClose}
      title={text('results')}
      size="lg"
    >
      {entry && (
        <Suspense
          fallback={
            <Group justify="center" py="lg">
              <Loader aria-label={text('loadingResults')} />
            </Group>
          }
        >
          <ResultBody entry={entry} />
        </Suspense>
      )}
    </Modal>
  );
}
