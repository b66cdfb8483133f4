import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../lib/toasts.ts';
import { Toaster } from './Toaster.tsx';

describe('Toaster', () => {
  afterEach(() => act(() => notifications.clean()));

  it('loads the toast container with the first toast and shows it', async () => {
    render(
      <MantineProvider>
        <Toaster />
      </MantineProvider>,
    );
    // Nothing of the container is on the page (nor downloaded) before a toast is raised.
    expect(document.querySelector('[data-toast-stack]')).toBeNull();
    act(() => toast('warning', 'Please enter your name.'));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(document.querySelector('[data-toast-stack]')).not.toBeNull();
  });
});
