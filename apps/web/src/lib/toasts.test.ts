import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStaleToasts, toast } from './toasts.ts';

const open = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].map((n) => n.message);
};

describe('stale toasts (issue 32)', () => {
  afterEach(() => {
    notifications.clean();
    window.history.replaceState(null, '', '/');
  });

  it('go when the screen changes if they are errors or warnings of the screen left', () => {
    window.history.replaceState(null, '', '/checkout');
    toast('error', 'Please enter a valid mobile number.');
    toast('warning', 'Please choose an item.');
    toast('success', 'Contestant saved.');
    clearStaleToasts('/checkout');
    expect(open()).toHaveLength(3);
    window.history.replaceState(null, '', '/my-orders');
    toast('error', 'Raised on the new screen.');
    // Raised by the step that changed the screen (a second ago at most): for the new screen.
    clearStaleToasts('/my-orders');
    expect(open()).toHaveLength(4);
    clearStaleToasts('/my-orders', Date.now() + 1500);
    expect(open()).toEqual(['Contestant saved.', 'Raised on the new screen.']);
  });
});
