import { paths } from '@eisteddfod/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../lib/storage.ts';
import { toast } from '../lib/toasts.ts';
import { text } from './text.ts';

/**
 * Logout (spec 2): the session and everything it read cleared, the toast, and the home page; the
 * site's and the console's.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queries = useQueryClient();
  return useCallback(() => {
    clearSession();
    // What the session read goes with it: the next person at this browser starts from nothing.
    queries.clear();
    toast('success', text('loggedOut'));
    void navigate(paths.home.href());
  }, [navigate, queries]);
}
