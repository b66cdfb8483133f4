import { paths } from '@eisteddfod/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../lib/storage.ts';
import { toast } from '../lib/toasts.ts';
import { text } from './text.ts';

/** Logout (spec 2): the session cleared, the toast, and the home page; the site's and the console's. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    toast('success', text('loggedOut'));
    void navigate(paths.home.href());
  }, [navigate]);
}
