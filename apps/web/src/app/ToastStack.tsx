import { Notification, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { type FocusEvent, type MouseEvent, useMemo, useRef, useState } from 'react';
import { text } from './text.ts';
import { toastCards, VISIBLE_TOASTS } from './toast-cards.ts';
import { useToastTop } from './toast-placement.ts';
import { useToastTimers } from './use-toast-timers.ts';
import classes from './toasts.module.css';

const hide = (id: string) => void notifications.hide(id);

/**
 * The toasts of spec 9 (5 s, newest on top, as many open as are raised), drawn so that they
 * never take the controls a parent needs (decision 027): identical messages are one card with a
 * count, at most two cards on a phone (three on a desktop) and "+N more" for the rest; the stack
 * lets taps through everywhere but on its cards, and sits top right on a desktop and at the
 * bottom of a phone, moved along that edge to where it covers none of the page's controls.
 */
export default function ToastStack() {
  const { notifications: shown, queue } = useNotifications(notificationsStore);
  // Mantine's store queues past its limit; every raised toast is open (spec 9: no limit).
  const open = useMemo(() => [...shown, ...queue], [shown, queue]);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false) ?? false;
  const [expanded, setExpanded] = useState(false);
  const [held, setHeld] = useState(false);
  const stack = useRef<HTMLDivElement>(null);

  const { shown: cards, hidden } = toastCards(
    open,
    expanded ? Number.POSITIVE_INFINITY : VISIBLE_TOASTS[isPhone ? 'phone' : 'desktop'],
  );
  const top = useToastTop(
    stack,
    isPhone,
    open.length > 0 ? `${open.length}:${expanded}:${isPhone}` : null,
  );
  useToastTimers(open, held, hide);
  if (open.length === 0 && expanded) setExpanded(false);

  // Held while the pointer is on a card or the keyboard is in the stack (WCAG 2.2.1).
  const leaves = (event: MouseEvent | FocusEvent) =>
    !(event.relatedTarget instanceof Node && stack.current?.contains(event.relatedTarget));

  return (
    <div
      ref={stack}
      className={classes.stack}
      data-toast-stack
      data-side={isPhone ? 'bottom' : 'top'}
      style={top === null ? undefined : { top, bottom: 'auto' }}
      data-phone={isPhone || undefined}
      onMouseOver={() => setHeld(true)}
      onMouseOut={(event) => leaves(event) && setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => leaves(event) && setHeld(false)}
    >
      {cards.map(({ key, ids, count, toast }) => (
        <Notification
          key={key}
          className={classes.card}
          role={
            toast['data-kind'] === 'error' || toast['data-kind'] === 'warning' ? 'alert' : 'status'
          }
          color={toast.color}
          title={toast.title}
          withBorder={toast.withBorder}
          closeButtonProps={toast.closeButtonProps}
          styles={toast.styles}
          data-count={count}
          onClose={() => ids.forEach(hide)}
        >
          {toast.message}
          {count > 1 && (
            <Text span fw={700} ml={6} className={classes.count}>
              <span aria-hidden>×{count}</span>
              <VisuallyHidden>{text('times', { count })}</VisuallyHidden>
            </Text>
          )}
        </Notification>
      ))}
      {(hidden > 0 || expanded) && (
        <UnstyledButton
          className={classes.more}
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? text('showFewer') : text('more', { count: hidden })}
        </UnstyledButton>
      )}
    </div>
  );
}
