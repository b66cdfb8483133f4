import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toasts.ts';
import ToastStack from './ToastStack.tsx';

function phoneScreen(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isPhone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

function renderStack() {
  return render(
    <MantineProvider>
      <ToastStack />
    </MantineProvider>,
  );
}

const cards = () => document.querySelectorAll('.mantine-Notification-root');

describe('ToastStack', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => notifications.clean());
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the newest on top, errors as alerts and the rest as statuses', () => {
    phoneScreen(false);
    renderStack();
    act(() => {
      toast('success', 'Item removed');
      toast('error', 'Upload failed');
    });
    expect([...cards()].map((card) => card.textContent)).toEqual(['Upload failed', 'Item removed']);
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed');
    expect(screen.getByRole('status')).toHaveTextContent('Item removed');
  });

  it('merges a repeated message into one card with a count', () => {
    phoneScreen(false);
    renderStack();
    act(() => {
      toast('warning', 'Please complete the group');
      toast('warning', 'Please complete the group');
    });
    expect(cards()).toHaveLength(1);
    expect(cards()[0]).toHaveTextContent('Please complete the group×2(2 times)');
    // Closing the card closes both toasts behind it.
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(cards()).toHaveLength(0);
  });

  it('draws two on a phone and three on a desktop, the rest behind "+N more"', () => {
    phoneScreen(true);
    const { unmount } = renderStack();
    act(() => ['One', 'Two', 'Three', 'Four'].forEach((words) => toast('info', words)));
    expect([...cards()].map((card) => card.textContent)).toEqual(['Four', 'Three']);
    fireEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(cards()).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    unmount();

    phoneScreen(false);
    renderStack();
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('button', { name: '+1 more' })).toBeInTheDocument();
  });

  it('closes a toast after 5 s, or 1 s after the pointer leaves it', () => {
    phoneScreen(false);
    renderStack();
    act(() => toast('info', 'First'));
    act(() => vi.advanceTimersByTime(3000));
    act(() => toast('info', 'Second'));
    act(() => vi.advanceTimersByTime(2000));
    expect([...cards()].map((card) => card.textContent)).toEqual(['Second']);

    // Held under the pointer it stays; let go, it closes 1 s later.
    fireEvent.mouseOver(cards()[0]!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(cards()).toHaveLength(1);
    fireEvent.mouseOut(cards()[0]!, { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(900));
    expect(cards()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    expect(cards()).toHaveLength(0);
  });
});
