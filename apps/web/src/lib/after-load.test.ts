import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad } from './after-load.ts';

describe('afterLoad', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the task after the page has loaded, once the browser is idle, unless cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    const cancelled = vi.fn();
    afterLoad(task);
    afterLoad(cancelled)();
    // Not in the same task as the render that asked for it.
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
