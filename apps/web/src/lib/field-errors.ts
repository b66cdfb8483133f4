import { useCallback, useRef, useState } from 'react';

/** A field's mark and the ref that lets the form put the focus on it. */
export interface FieldMark {
  error: string | true | undefined;
  ref: (element: HTMLElement | null) => void;
}

/**
 * Issue 32: a refusal that names a field also marks that field (Mantine's `error`, which sets
 * aria-invalid and ties the message to it), puts the focus on it, and keeps what was typed. The
 * toast is still raised by the form (spec 9): a toast vanishes, the mark stays until the field
 * changes. The verify screen's pin boxes do the same.
 *
 * Each field's ref and `changed` are the same from one render to the next, so a field drawn by
 * a memoised component is not drawn again when another field changes (a radio tap re-rendered
 * the whole contestant form: 150 to 250 ms on the phone).
 */
export function useFieldErrors<F extends string>() {
  // A message, or true: marked without one (many fields at fault for one reason, said once).
  const [errors, setErrors] = useState<Partial<Record<F, string | true>>>({});
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  const refs = useRef<Partial<Record<F, FieldMark['ref']>>>({});

  const mark = useCallback((faults: Partial<Record<F, string | true>>) => {
    setErrors(faults);
    const first = Object.keys(faults)[0] as F | undefined;
    if (first) elements.current[first]?.focus();
  }, []);

  const changed = useCallback((name: F) => {
    // The same object when the field had no mark: nothing is drawn again.
    setErrors((current) => {
      if (current[name] === undefined) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }, []);

  return {
    /**
     * Marks the fields at fault, in the form's order, and focuses the first; nothing typed is
     * touched. Other fields' marks go: they are about an earlier attempt.
     */
    mark,
    /** The props a field takes: its mark, and a ref for the focus. */
    field(name: F): FieldMark {
      refs.current[name] ??= (element) => {
        elements.current[name] = element;
      };
      return { error: errors[name], ref: refs.current[name] };
    },
    /** A field being changed loses its mark: the parent is fixing it. */
    changed,
  };
}

/** What useFieldErrors gives a form, for the components that draw its fields. */
export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;
