import { useRef, useState } from 'react';

/**
 * Issue 32: a refusal that names a field also marks that field (Mantine's `error`, which sets
 * aria-invalid and ties the message to it), puts the focus on it, and keeps what was typed. The
 * toast is still raised by the form (spec 9): a toast vanishes, the mark stays until the field
 * changes. The verify screen's pin boxes do the same.
 */
export function useFieldErrors<F extends string>() {
  // A message, or true: marked without one (many fields at fault for one reason, said once).
  const [errors, setErrors] = useState<Partial<Record<F, string | true>>>({});
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});

  return {
    /**
     * Marks the fields at fault, in the form's order, and focuses the first; nothing typed is
     * touched. Other fields' marks go: they are about an earlier attempt.
     */
    mark(faults: Partial<Record<F, string | true>>) {
      setErrors(faults);
      const first = Object.keys(faults)[0] as F | undefined;
      if (first) elements.current[first]?.focus();
    },
    /** The props a field takes: its mark, and a ref for the focus. */
    field(name: F) {
      return {
        error: errors[name],
        ref: (element: HTMLElement | null) => {
          elements.current[name] = element;
        },
      };
    },
    /** A field being changed loses its mark: the parent is fixing it. */
    changed(name: F) {
      if (errors[name] === undefined) return;
      setErrors((current) => {
        const rest = { ...current };
        delete rest[name];
        return rest;
      });
    },
  };
}

/** What useFieldErrors gives a form, for the components that draw its fields. */
export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;
