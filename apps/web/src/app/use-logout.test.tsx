import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useLogout } from './use-logout.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('useLogout', () => {
  it('clears the session and everything it read (security review)', () => {
    const queries = new QueryClient();
    queries.setQueryData(['staff', 'families'], [{ name: 'A family' }]);
    localStorage.setItem('token', 'session-token');
    localStorage.setItem('markingDraft:7:2', '{}');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queries}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current());
    expect(queries.getQueryData(['staff', 'families'])).toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('markingDraft:7:2')).toBeNull();
  });
});
