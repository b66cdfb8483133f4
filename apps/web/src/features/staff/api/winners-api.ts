import {
  resultsDayApi,
  type ReleaseProblemCode,
  type WinnersRuleSettings,
} from '@eisteddfod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, messageOf } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toasts.ts';

// Results day for organisers (issue 20; resultsDayApi in packages/shared/src/endpoints): the
// section winners' rule, its preview and confirmation, and the release on the gala date.

type WinnersRule = WinnersRuleSettings['rule'];

const key = (id: number, part: string) => ['staff', 'results-day', id, part] as const;

export function useWinnersRule(id: number) {
  return useQuery({
    queryKey: key(id, 'rule'),
    queryFn: ({ signal }) => callApi(resultsDayApi.getWinnersRule, { params: { id }, signal }),
  });
}

/** Asked for when the organiser presses Preview, never on its own: it ranks every mark. */
export function useWinnersPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: key(id, 'preview'),
    queryFn: ({ signal }) => callApi(resultsDayApi.previewWinners, { params: { id }, signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useConfirmedWinners(id: number) {
  return useQuery({
    queryKey: key(id, 'winners'),
    queryFn: ({ signal }) => callApi(resultsDayApi.confirmedWinners, { params: { id }, signal }),
    // Certificates are made after the confirmation: look again until each has one.
    refetchInterval: (query) =>
      query.state.data?.winners.some((w) => w.certificate === null) ? 2000 : false,
  });
}

/** The release; looked at again every 30 s while it is scheduled, so the panel turns by itself. */
export function useRelease(id: number) {
  return useQuery({
    queryKey: key(id, 'release'),
    queryFn: ({ signal }) => callApi(resultsDayApi.getRelease, { params: { id }, signal }),
    // And while the release may be withdrawn, so the button goes when its time is up.
    refetchInterval: (query) =>
      (query.state.data?.releaseAt && !query.state.data.releasedAt) ||
      query.state.data?.withdrawableUntil
        ? 30_000
        : false,
  });
}

function useRefresh(id: number) {
  const queryClient = useQueryClient();
  return (...parts: string[]) =>
    Promise.all(parts.map((p) => queryClient.invalidateQueries({ queryKey: key(id, p) })));
}

export function useSaveWinnersRule(id: number) {
  const refresh = useRefresh(id);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: WinnersRule) =>
      callApi(resultsDayApi.saveWinnersRule, { params: { id }, body: rule }),
    meta: { handlesErrors: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(key(id, 'rule'), saved);
      // An earlier preview ranked by the old rule.
      queryClient.removeQueries({ queryKey: key(id, 'preview') });
      void refresh('rule');
      toast('success', 'The section winners rule was saved.', 'Saved');
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}

export function useConfirmWinners(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (previewToken: string) =>
      callApi(resultsDayApi.confirmWinners, { params: { id }, body: { previewToken } }),
    meta: { handlesErrors: true },
    onSuccess: (confirmed) => {
      void refresh('winners', 'preview');
      toast(
        'success',
        `${confirmed.winners.length} section ${confirmed.winners.length === 1 ? 'winner was' : 'winners were'} confirmed; their certificates are made.`,
        'Winners confirmed',
      );
    },
    onError: (error) => {
      // WINNERS_PREVIEW_STALE: the marks or the rule changed; show the new preview.
      void refresh('preview');
      toast('error', messageOf(error), 'Not confirmed');
    },
  });
}

export function useScheduleRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (releaseTime: string | null) =>
      callApi(resultsDayApi.scheduleRelease, { params: { id }, body: { releaseTime } }),
    meta: { handlesErrors: true },
    onSuccess: (release) => {
      queryClient.setQueryData(key(id, 'release'), release);
      toast(
        'success',
        release.releaseTime
          ? `Results are released at ${release.releaseTime} on the gala date.`
          : 'The release is not scheduled: release the results by hand.',
        'Release saved',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Not saved'),
  });
}

/** What "Release now" makes public and who it tells: asked for while its dialog is open. */
export function useReleasePreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: key(id, 'release-preview'),
    queryFn: ({ signal }) => callApi(resultsDayApi.releasePreview, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** Releases, acknowledging the problems the organiser was shown (decision 033). */
export function useReleaseNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acknowledge: ReleaseProblemCode[]) =>
      callApi(resultsDayApi.releaseNow, { params: { id }, body: { acknowledge } }),
    meta: { handlesErrors: true },
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries();
      toast(
        'success',
        `${outcome.published} ${outcome.published === 1 ? 'result' : 'results'} published; ${outcome.familiesNotified} ${outcome.familiesNotified === 1 ? 'family' : 'families'} told.`,
        'Results released',
      );
    },
    onError: (error) => {
      // RELEASE_NEEDS_ACKNOWLEDGEMENT: something changed since; the dialog shows it afresh.
      void queryClient.invalidateQueries({ queryKey: key(id, 'release-preview') });
      toast('error', messageOf(error), 'Not released');
    },
  });
}

/** Takes the gala page back from public view, within the grace period after its release. */
export function useWithdrawRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(resultsDayApi.withdrawRelease, { params: { id } }),
    meta: { handlesErrors: true },
    onSuccess: (release) => {
      queryClient.setQueryData(key(id, 'release'), release);
      void queryClient.invalidateQueries();
      toast(
        'success',
        'The gala page says again when results come out. Messages already sent stay sent.',
        'Gala page withdrawn',
      );
    },
    onError: (error) => toast('error', messageOf(error), 'Not withdrawn'),
  });
}
