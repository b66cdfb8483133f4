import { useQuery } from '@tanstack/react-query';
import { storedCustomerId } from '../../../lib/storage.ts';
import { contestantsQuery } from '../../../shared/contestants/contestants.ts';

/** The contestant whose items are being chosen, from the contestants the other screens show. */
export function useContestant(participantProfileId: number) {
  return useQuery({
    ...contestantsQuery(storedCustomerId()),
    select: (contestants) => contestants.find((c) => c.id === participantProfileId) ?? null,
  });
}
