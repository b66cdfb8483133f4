import { paths, type MarkingEntry, type SaveMark } from '@eisteddfod/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toasts.ts';
import { markingListKey } from '../api/marking/marking-keys.ts';
import { useSaveMark } from '../api/marking/save-mark.ts';
import { clockTime } from './clock-time.ts';
import { draftOf, localDraft, useMarkDraft, type MarkDraft, type SaveState } from './mark-draft.ts';
import { MarkingForm } from './MarkingForm.tsx';
import { nextToMark } from './MarkingProgress.tsx';
import type { MarkingEntrySummary } from '@eisteddfod/shared';

function SaveStateLine(props: { state: SaveState; dirty: boolean; autosave: boolean }) {
  const { state, dirty, autosave } = props;
  let words = '';
  if (!autosave) words = dirty ? 'Changes not submitted yet. A copy is kept on this device.' : '';
  else if (state.kind === 'saving') words = 'Saving the draft…';
  else if (state.kind === 'failed')
    words = `Not saved: ${state.message} A copy is kept on this device.`;
  else if (state.kind === 'saved')
    words = `Draft saved ${clockTime(state.at)}${dirty ? ' · newer changes saving soon' : ''}.`;
  else if (dirty) words = 'Not saved yet: the draft saves itself as you pause.';
  return (
    <Text size="sm" role="status" c={state.kind === 'failed' ? 'red.9' : undefined}>
      {words}
    </Text>
  );
}

/**
 * An entry's mark being typed: the form, its draft kept on this device and saved as it is typed,
 * Submit & next to the next entry still to mark, and a question before leaving unsaved changes.
 */
export function EntryMark({ entry, focusFirst }: { entry: MarkingEntry; focusFirst: boolean }) {
  const { orderItemId, rubric, mark } = entry;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useSaveMark(orderItemId);
  const submitted = mark?.status === 'submitted';
  const [initial] = useState<MarkDraft>(() => {
    const copy = mark?.changeableUntil || !submitted ? localDraft(orderItemId) : null;
    return copy ?? draftOf(mark);
  });
  const [restored] = useState(() => JSON.stringify(initial) !== JSON.stringify(draftOf(mark)));
  const [draft, setDraft] = useState<MarkDraft>(initial);
  const autosave = !submitted;
  const kept = useMarkDraft({ orderItemId, rubric, mark, draft, autosave });
  const onDraftChange = useCallback((d: MarkDraft) => setDraft(d), []);

  function submitNext(input: SaveMark) {
    save.mutate(input, {
      onSuccess: () => {
        kept.settled({ scores: input.scores, comment: input.comment });
        const list = queryClient.getQueryData<MarkingEntrySummary[]>(markingListKey) ?? [];
        const next = nextToMark(list, orderItemId);
        if (next !== undefined) {
          void navigate(paths.markEntry.href({ orderItemId: next }), {
            state: { focusFirst: true },
          });
        } else {
          toast('success', 'Every entry on your list is marked.', 'All marked');
          void navigate(paths.staffMarking.href());
        }
      },
    });
  }

  return (
    <>
      {restored && (
        <Text size="sm" mb="xs">
          Your unsaved changes on this device were put back.
        </Text>
      )}
      <MarkingForm
        rubric={rubric}
        mark={mark}
        saving={save.isPending}
        initial={initial}
        onDraftChange={onDraftChange}
        focusFirst={focusFirst}
        onSave={(input) =>
          save.mutate(input, {
            onSuccess: () => kept.settled({ scores: input.scores, comment: input.comment }),
          })
        }
        onSubmitNext={submitNext}
        saveState={<SaveStateLine state={kept.state} dirty={kept.dirty} autosave={autosave} />}
      />
      <Modal
        opened={kept.blocker.state === 'blocked'}
        onClose={() => kept.blocker.reset?.()}
        title="Leave this entry?"
      >
        <Text mb="md">
          Your latest changes are not saved on the server yet. A copy is kept on this device and
          comes back when you open this entry again.
        </Text>
        <Group justify="flex-end">
          <Button variant="light" onClick={() => kept.blocker.reset?.()}>
            Stay
          </Button>
          <Button onClick={() => kept.blocker.proceed?.()}>Leave</Button>
        </Group>
      </Modal>
    </>
  );
}
