import type { NotificationData } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { TOAST_EXTENDED_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../lib/toasts.ts';

/**
 * Closes each open toast after its timeout (spec 9: 5 s). While `held` (the pointer over the
 * stack, or the keyboard in it) no toast closes; once let go, every toast that was held closes
 * after the extended timeout (1 s), as toastr's `extendedTimeOut` does, and later ones keep
 * their own 5 s. Each toast keeps its own timer, so a merged card stays while its newest lasts.
 */
export function useToastTimers(
  open: readonly NotificationData[],
  held: boolean,
  close: (id: string) => void,
): void {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const wasHeld = useRef(new Set<string>());

  useEffect(() => {
    const running = timers.current;
    const ids = new Set(open.flatMap((toast) => (toast.id ? [toast.id] : [])));
    for (const [id, timer] of running) {
      if (held || !ids.has(id)) {
        clearTimeout(timer);
        running.delete(id);
      }
    }
    for (const id of wasHeld.current) if (!ids.has(id)) wasHeld.current.delete(id);
    if (held) {
      for (const id of ids) wasHeld.current.add(id);
      return;
    }
    for (const toast of open) {
      const id = toast.id;
      if (!id || running.has(id) || toast.autoClose === false) continue;
      const timeout = typeof toast.autoClose === 'number' ? toast.autoClose : TOAST_TIMEOUT_MS;
      const delay = wasHeld.current.has(id) ? TOAST_EXTENDED_TIMEOUT_MS : timeout;
      running.set(
        id,
        setTimeout(() => {
          running.delete(id);
          close(id);
        }, delay),
      );
    }
  }, [open, held, close]);

  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running.values()) clearTimeout(timer);
      running.clear();
    };
  }, []);
}
