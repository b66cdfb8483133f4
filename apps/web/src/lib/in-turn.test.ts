import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTurns, nextTurn } from './in-turn.ts';

describe('inTurns (decision 062)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs each step in a task of its own, in order, and gives the last step’s result', async () => {
    vi.stubGlobal('scheduler', undefined);
    const seen: string[] = [];
    const done = inTurns(
      () => seen.push('first'),
      async () => {
        await Promise.resolve();
        seen.push('second');
      },
      () => 'last',
    );
    // Nothing in the task that asked for them.
    seen.push('caller');
    queueMicrotask(() => seen.push('microtask'));
    await expect(done).resolves.toBe('last');
    expect(seen).toEqual(['caller', 'microtask', 'first', 'second']);
  });

  it('stops at a step that fails', async () => {
    vi.stubGlobal('scheduler', undefined);
    const after = vi.fn();
    await expect(
      inTurns(() => {
        throw new Error('no chunk');
      }, after),
    ).rejects.toThrow('no chunk');
    expect(after).not.toHaveBeenCalled();
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldNow });
    await nextTurn();
    expect(yieldNow).toHaveBeenCalledOnce();
  });
});
