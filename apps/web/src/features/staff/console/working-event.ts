import type { StaffEvent } from '@eisteddfod/shared';
import { useCallback } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { useStored } from '../../../lib/session.ts';
import { writeStored } from '../../../lib/storage.ts';
import { useStaffEvents } from '../api/events/list-events.ts';

/**
 * The event an organiser is working on (issue 34): the one in the address on an event's own
 * screens, else the one last chosen in the header, else the one families see. Choosing another
 * on an event's screen opens the same screen of the other event.
 */
export function useWorkingEvent() {
  const events = useStaffEvents();
  const match = useMatch({ path: '/staff/events/:id', end: false });
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The choice is the stored one, so the header's select and the navigation read the same.
  const stored = Number(useStored('consoleEvent'));
  const chosen = Number.isInteger(stored) && stored > 0 ? stored : undefined;
  const list = events.data?.events ?? [];
  const inAddress = match ? Number(match.params.id) : undefined;
  const find = (id: number | undefined) => list.find((e) => e.id === id);
  const working: StaffEvent | undefined =
    find(inAddress) ?? find(chosen) ?? list.find((e) => e.isServed) ?? list[0];

  const choose = useCallback(
    (id: number) => {
      writeStored('consoleEvent', String(id));
      if (match) {
        const rest = pathname.slice(match.pathnameBase.length);
        void navigate(`/staff/events/${id}${rest}${search}`);
      }
    },
    [match, pathname, search, navigate],
  );
  return { events: list, working, choose, isPending: events.isPending };
}
