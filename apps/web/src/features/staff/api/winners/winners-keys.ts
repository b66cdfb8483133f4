import { useQueryClient } from '@tanstack/react-query';

// Results day for organisers (issue 20; resultsDayApi in packages/shared/src/endpoints): the
// section winners' rule, its preview and confirmation, and the release on the gala date.

/** One part of an event's results day: 'rule', 'preview', 'winners', 'release'… */
export const resultsDayKey = (id: number, part: string) =>
  ['staff', 'results-day', id, part] as const;

/** Reads the named parts again. */
export function useResultsDayRefresh(id: number) {
  const queryClient = useQueryClient();
  return (...parts: string[]) =>
    Promise.all(
      parts.map((p) => queryClient.invalidateQueries({ queryKey: resultsDayKey(id, p) })),
    );
}
