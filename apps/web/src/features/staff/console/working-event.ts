import type { StaffEvent } from '@eisteddfod/shared';
import { useCallback, useState } from 'react';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { useStaffEvents } from '../api/events/list-events.ts';

function remembered(): number | undefined {
  const id = Number(readStored('consoleEvent'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

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
  const [chosen, setChosen] = useState(remembered);
  const list = events.data?.events ?? [];
  const inAddress = match ? Number(match.params.id) : undefined;
  const find = (id: number | undefined) => list.find((e) => e.id === id);
  const working: StaffEvent | undefined =
    find(inAddress) ?? find(chosen) ?? list.find((e) => e.isServed) ?? list[0];

  const choose = useCallback(
    (id: number) => {
      writeStored('consoleEvent', String(id));
      setChosen(id);
      if (match) {
        const rest = pathname.slice(match.pathnameBase.length);
        void navigate(`/staff/events/${id}${rest}${search}`);
      }
    },
    [match, pathname, search, navigate],
  );
  return { events: list, working, choose, isPending: events.isPending };
}
