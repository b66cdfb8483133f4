import { type RefObject, useEffect, useState } from 'react';

/**
 * What a toast must never cover: every control a person taps, and what a page marks with
 * `data-toast-keep-clear` (the checkout's steps, whose last is 'Make Payment').
 */
const KEEP_CLEAR =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="combobox"], [data-toast-keep-clear]';

/**
 * An open list of choices (a select's options, a menu): what the person is choosing from right
 * now. Covering it costs more than covering every other control, so the stack leaves it clear
 * whenever any place does; covered, a tap meant for an option lands on a toast instead.
 */
const CHOOSING = '[role="listbox"], [role="menu"]';
const CHOOSING_WEIGHT = 1000;

/** The stack stays below the 64 px header (its menu and Logout) and off the screen's edges. */
const TOP_PX = 64 + 12;
const EDGE_PX = 12;
const STEP_PX = 4;

interface Box {
  top: number;
  bottom: number;
  /** What covering it costs (1 when absent). */
  weight?: number;
}

/**
 * Where the stack's top goes (viewport pixels): the first place, from the top down on a desktop
 * or from the bottom up on a phone, where it covers none of `boxes` (the keep-clear boxes already
 * narrowed to the stack's columns), else where what it covers weighs least.
 */
export function stackTop(
  boxes: readonly Box[],
  stack: { height: number; viewportHeight: number; fromBottom: boolean },
): number {
  const lowest = Math.max(TOP_PX, stack.viewportHeight - EDGE_PX - stack.height);
  const tops: number[] = [];
  for (let top = TOP_PX; top < lowest; top += STEP_PX) tops.push(top);
  tops.push(lowest);
  if (stack.fromBottom) tops.reverse();
  let best = tops[0]!;
  let least = Number.POSITIVE_INFINITY;
  for (const top of tops) {
    const bottom = top + stack.height;
    const cost = boxes
      .filter((box) => box.bottom > top && box.top < bottom)
      .reduce((sum, box) => sum + (box.weight ?? 1), 0);
    if (cost < least) [best, least] = [top, cost];
    if (cost === 0) break;
  }
  return best;
}

/**
 * The keep-clear boxes in the stack's columns. With a modal open only the modal's own count:
 * the page below cannot be tapped anyway, and the modal's close button can. An open list of
 * choices counts wherever it is drawn (a dialog's select draws its options outside the dialog).
 */
function keepClearBoxes(stack: HTMLElement, left: number, right: number): Box[] {
  const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]');
  const root: ParentNode = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document;
  const boxes: Box[] = [];
  const add = (element: HTMLElement, weight: number) => {
    if (stack.contains(element)) return;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    if (box.right > left && box.left < right) {
      boxes.push({ top: box.top, bottom: box.bottom, weight });
    }
  };
  root.querySelectorAll<HTMLElement>(KEEP_CLEAR).forEach((element) => add(element, 1));
  document.querySelectorAll<HTMLElement>(CHOOSING).forEach((e) => add(e, CHOOSING_WEIGHT));
  return boxes;
}

/**
 * The stack's top (decision 027): top right on a desktop as spec 9 says, at the bottom of a
 * phone, each moved along its edge to where it covers none of the page's controls, or fewest.
 * Looked at again, at most once a frame and only while a toast is open (`changed` not null),
 * when the toasts change, the page scrolls or resizes, or its content changes (a dialog opens).
 */
export function useToastTop(
  stack: RefObject<HTMLElement | null>,
  fromBottom: boolean,
  changed: unknown,
): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (changed === null) return;
    let frame = 0;
    const look = () => {
      frame = 0;
      const element = stack.current;
      if (!element) return;
      const { left, right, height } = element.getBoundingClientRect();
      const boxes = keepClearBoxes(element, left, right);
      setTop(stackTop(boxes, { height, viewportHeight: window.innerHeight, fromBottom }));
    };
    const soon = () => {
      if (frame === 0) frame = requestAnimationFrame(look);
    };
    soon();
    window.addEventListener('scroll', soon, { passive: true, capture: true });
    window.addEventListener('resize', soon);
    // A dialog ends its opening transition with everything in place.
    document.addEventListener('transitionend', soon, true);
    // The stack's own changes (its top, a hover) move nothing else.
    const content = new MutationObserver((changes) => {
      if (changes.some((change) => !stack.current?.contains(change.target))) soon();
    });
    content.observe(document.body, { childList: true, subtree: true, attributes: true });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
      document.removeEventListener('transitionend', soon, true);
      content.disconnect();
    };
  }, [stack, fromBottom, changed]);
  return top;
}
