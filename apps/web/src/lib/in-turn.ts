/**
 * Work a first load does in turns (issue 32, decision 062): between two steps the browser gets
 * the main thread back (to paint, to answer a tap, to run what a network answer brought), so a
 * phone's processor sees several short tasks instead of one long one. Lighthouse counts every
 * task over 50 ms as blocking; a step that would have run inside another's task no longer adds
 * to it.
 */

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a new task: `scheduler.yield()` where the browser has it (the continuation runs
 * ahead of other queued work), else a MessageChannel message (setTimeout is clamped to 4 ms or
 * more, and to a second in a background tab).
 */
export function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `steps` one after another, each in a task of its own, and resolves with what the last
 * one gave. A step that fails stops the rest (the caller's promise rejects with its error).
 */
export async function inTurns<T>(
  ...steps: [...(() => unknown)[], () => T | Promise<T>]
): Promise<T> {
  let last: unknown;
  for (const step of steps) {
    await nextTurn();
    last = await step();
  }
  return last as T;
}
