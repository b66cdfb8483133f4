import {
  rubricProblems,
  describeRubricProblem,
  type Mark,
  type SaveMark,
} from '@eisteddfod/shared';
import type { RubricCriterion } from '@eisteddfod/shared';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { messageOf } from '../../../lib/api-client.ts';
import { readStored, removeStored, storedCustomerId, writeStored } from '../../../lib/storage.ts';
import { useAutosaveMark } from '../api/marking/autosave-mark.ts';

/** What an adjudicator has typed of a mark: the scores given so far and the comment. */
export interface MarkDraft {
  scores: SaveMark['scores'];
  comment: string;
}

/** How long typing rests before the draft goes to the server. */
const AUTOSAVE_AFTER_MS = 1200;

/**
 * Each adjudicator's own copy (security review): on a shared laptop another judge opening the
 * same entry never gets it put back as theirs; signing out clears them all (lib/storage.ts).
 */
const keyOf = (orderItemId: number) => `markingDraft:${storedCustomerId()}:${orderItemId}` as const;
const same = (a: MarkDraft, b: MarkDraft) => JSON.stringify(a) === JSON.stringify(b);

export const draftOf = (mark: Mark | null): MarkDraft => ({
  scores: (mark?.scores ?? []).map((s) => ({ name: s.name, value: s.value })),
  comment: mark?.comment ?? '',
});

/** This device's copy of an entry's unsaved mark, if any (a failed save, a closed tab). */
export function localDraft(orderItemId: number): MarkDraft | null {
  try {
    const copy: unknown = JSON.parse(readStored(keyOf(orderItemId)) ?? 'null');
    if (typeof copy !== 'object' || copy === null) return null;
    const { scores, comment } = copy as Partial<MarkDraft>;
    if (!Array.isArray(scores) || typeof comment !== 'string') return null;
    const valid = scores.every((s) => typeof s?.name === 'string' && typeof s?.value === 'number');
    return valid ? { scores, comment } : null;
  } catch {
    return null;
  }
}

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; message: string };

/**
 * Never loses a mark being typed (decision 058): every change is kept on this device at once
 * and, a moment after typing stops, saved on the server as a draft (while the mark is a draft);
 * the copy goes once the server has the same. Leaving the page, or the site, with changes the
 * server does not have asks first.
 */
export function useMarkDraft(options: {
  orderItemId: number;
  rubric: RubricCriterion[];
  mark: Mark | null;
  draft: MarkDraft;
  /** Drafts may be saved (not a submitted mark). */
  autosave: boolean;
}) {
  const { orderItemId, rubric, draft, autosave } = options;
  const [saved, setSaved] = useState<MarkDraft>(() => draftOf(options.mark));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const save = useAutosaveMark(orderItemId);
  const dirty = !same(draft, saved);
  // Read when a navigation starts, which may come before the next render (Submit & next).
  const dirtyRef = useRef(dirty);
  const latest = useRef(draft);
  useEffect(() => {
    dirtyRef.current = dirty;
    latest.current = draft;
  });
  const content = JSON.stringify(draft);

  useEffect(() => {
    if (!dirty) {
      removeStored(keyOf(orderItemId));
      return;
    }
    const sent: MarkDraft = JSON.parse(content);
    writeStored(keyOf(orderItemId), content);
    if (!autosave) return;
    const timer = setTimeout(() => {
      const problems = rubricProblems(rubric, sent.scores, false);
      if (problems.length > 0) {
        setState({ kind: 'failed', message: problems.map(describeRubricProblem).join(' ') });
        return;
      }
      setState({ kind: 'saving' });
      save.mutate(
        { ...sent, submit: false },
        {
          onSuccess: () => {
            setSaved(sent);
            if (same(latest.current, sent)) removeStored(keyOf(orderItemId));
            setState({ kind: 'saved', at: new Date() });
          },
          onError: (error) => setState({ kind: 'failed', message: messageOf(error) }),
        },
      );
    }, AUTOSAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // `save` changes identity with its state; the draft's content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [content, dirty, autosave, orderItemId, rubric]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const blocker = useBlocker(() => dirtyRef.current);

  /** The server has this content now (a submission): nothing is left to keep. */
  function settled(content: MarkDraft) {
    setSaved(content);
    dirtyRef.current = !same(latest.current, content);
    if (!dirtyRef.current) removeStored(keyOf(orderItemId));
  }

  return { state, dirty, blocker, settled };
}
