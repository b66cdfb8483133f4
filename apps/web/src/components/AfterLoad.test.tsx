import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterLoad } from './AfterLoad.tsx';

describe('AfterLoad (decision 062)', () => {
  afterEach(() => vi.useRealTimers());

  it('draws its children only once the page has loaded and the browser is idle', () => {
    vi.useFakeTimers();
    render(
      <AfterLoad>
        <p>a closed dialog</p>
      </AfterLoad>,
    );
    expect(screen.queryByText('a closed dialog')).not.toBeInTheDocument();
    act(() => vi.runAllTimers());
    expect(screen.getByText('a closed dialog')).toBeInTheDocument();
  });

  it('draws them at once when asked to (a dialog opened before the page had loaded)', () => {
    vi.useFakeTimers();
    render(
      <AfterLoad now>
        <p>an open dialog</p>
      </AfterLoad>,
    );
    expect(screen.getByText('an open dialog')).toBeInTheDocument();
  });
});
