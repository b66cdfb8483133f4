import {
  endpointUrl,
  staffApi,
  type CreateAssignment,
  type DeclareConflict,
  type InviteAdjudicator,
  type SaveMark,
  type Section,
} from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, callApi, messageOf } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { readStored } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toasts.ts';

// Every staff call of issue 9 (staffApi in packages/shared/src/endpoints).

/** '1 result', '2 results'. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The member of staff, or null for a family (the server answers 404). */
export function useStaffMe() {
  return useQuery({
    queryKey: ['staff', 'me', readStored('token')],
    queryFn: async ({ signal }) => {
      try {
        return await callApi(staffApi.me, { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

const markingListKey = ['staff', 'marking'] as const;
const markingEntryKey = (id: number) => ['staff', 'marking', id] as const;

export function useMarkingList() {
  return useQuery({
    queryKey: markingListKey,
    queryFn: ({ signal }) => callApi(staffApi.markingList, { signal }),
  });
}

export function useMarkingEntry(orderItemId: number) {
  return useQuery({
    queryKey: markingEntryKey(orderItemId),
    queryFn: ({ signal }) => callApi(staffApi.markingEntry, { params: { orderItemId }, signal }),
    // The file links inside expire after an hour: fetch again rather than keep them long.
    staleTime: 10 * 60_000,
  });
}

export function useSaveMark(orderItemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mark: SaveMark) =>
      callApi(staffApi.saveMark, { params: { orderItemId }, body: mark }),
    meta: { handlesErrors: true },
    onSuccess: (entry, mark) => {
      queryClient.setQueryData(markingEntryKey(orderItemId), entry);
      void queryClient.invalidateQueries({ queryKey: markingListKey, exact: true });
      toast('success', mark.submit ? 'Mark submitted' : 'Draft saved', 'Success');
    },
    onError: (error) => {
      const message = messageOf(error);
      toast('error', message, 'The mark was not saved');
    },
  });
}

const conflictsKey = ['staff', 'conflicts'] as const;

export function useConflicts() {
  return useQuery({
    queryKey: conflictsKey,
    queryFn: ({ signal }) => callApi(staffApi.conflicts, { signal }),
  });
}

export function useDeclareConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conflict: DeclareConflict) =>
      callApi(staffApi.declareConflict, { body: conflict }),
    onSuccess: (list) => {
      queryClient.setQueryData(conflictsKey, list);
      void queryClient.invalidateQueries({ queryKey: markingListKey, exact: true });
    },
  });
}

const adjudicatorsKey = ['staff', 'adjudicators'] as const;

export function useAdjudicators() {
  return useQuery({
    queryKey: adjudicatorsKey,
    queryFn: ({ signal }) => callApi(staffApi.adjudicators, { signal }),
  });
}

export function useInviteAdjudicator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: InviteAdjudicator) =>
      callApi(staffApi.inviteAdjudicator, { body: invite }),
    meta: { handlesErrors: true },
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: adjudicatorsKey });
      toast('success', `${created.firstName} ${created.surname} was invited by email.`, 'Success');
    },
    onError: (error) => {
      const message = messageOf(error);
      toast('error', message, 'Not invited');
    },
  });
}

export function useAssign(adjudicatorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: CreateAssignment) =>
      callApi(staffApi.assign, { params: { id: adjudicatorId }, body: assignment }),
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adjudicatorsKey }),
    onError: (error) => {
      const message = messageOf(error);
      toast('warning', message, 'Not assigned');
    },
  });
}

export function useUnassign(adjudicatorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      callApi(staffApi.unassign, { params: { id: adjudicatorId, assignmentId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adjudicatorsKey }),
  });
}

const resultsKey = (section: Section | undefined) =>
  ['staff', 'results', section ?? 'all'] as const;

export function useResultsReview(section: Section | undefined) {
  return useQuery({
    queryKey: resultsKey(section),
    queryFn: ({ signal }) => callApi(staffApi.results, { query: { section }, signal }),
    // Certificates are made by background jobs after publication: look again until every
    // published entry has them.
    refetchInterval: (query) =>
      query.state.data?.some((c) =>
        c.entries.some((e) => e.status === 'published' && e.certificates === 0),
      )
        ? 2000
        : false,
  });
}

/** Who publishing the section (or 'all') tells: asked for while its dialog is open. */
export function usePublishPreview(section: Section | 'all' | null) {
  return useQuery({
    queryKey: ['staff', 'results', 'publish-preview', section ?? 'none'],
    queryFn: ({ signal }) =>
      callApi(staffApi.publishPreview, {
        query: { section: section === 'all' || section === null ? undefined : section },
        signal,
      }),
    enabled: section !== null,
    staleTime: 0,
  });
}

export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (section: Section | undefined) =>
      callApi(staffApi.publish, { body: section ? { section } : {} }),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'results'] });
      toast(
        'success',
        `${count(outcome.published, 'result', 'results')} published, certificates on their way for ${count(outcome.certificates, 'entry', 'entries')}, ${count(outcome.familiesNotified, 'family', 'families')} told.`,
        'Published',
      );
    },
  });
}

export function useReopenMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderItemId: number) => callApi(staffApi.reopenMark, { params: { orderItemId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['staff', 'results'] }),
  });
}

export function useRegenerateCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderItemId: number) =>
      callApi(staffApi.regenerateCertificates, { params: { orderItemId } }),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'results'] });
      toast(
        'success',
        `${count(outcome.certificates, 'certificate', 'certificates')} made again.`,
        'Success',
      );
    },
  });
}

export function useOverview() {
  return useQuery({
    queryKey: ['staff', 'overview'],
    queryFn: ({ signal }) => callApi(staffApi.overview, { signal }),
  });
}

/** Background jobs, looked at again every 5 s while the page is open. */
export function useJobsReport() {
  return useQuery({
    queryKey: ['staff', 'jobs'],
    queryFn: ({ signal }) => callApi(staffApi.jobs, { signal }),
    refetchInterval: 5000,
  });
}

/** The CSV export needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadEntriesCsv(): Promise<void> {
  const token = readStored('token');
  await saveDownload(
    endpointUrl(staffApi.exportEntries),
    token ? { authorization: `Bearer ${token}` } : {},
    'entries.csv',
  );
}
