import {
  contestantsApi,
  type CreateParticipantProfileSchema,
  type UpdateParticipantProfileSchema,
} from '@eisteddfod/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import { contestantsQueryKey } from '../../../shared/contestants/contestants.ts';

export type NewContestant = z.input<typeof CreateParticipantProfileSchema>;
export type ContestantChanges = z.input<typeof UpdateParticipantProfileSchema>;

/** Adds a contestant; a 400 carries the spec 5 message. */
function createContestant(customerId: number, contestant: NewContestant) {
  return callApi(contestantsApi.create, { params: { id: customerId }, body: contestant });
}

/** Updates a contestant: the whole profile, with its id. */
function updateContestant(customerId: number, contestant: ContestantChanges) {
  return callApi(contestantsApi.update, { params: { id: customerId }, body: contestant });
}

/**
 * A 400 on save carries the spec 5 message the server found (or why the picture cannot be
 * attached): it is shown as the same warning the form would have shown.
 */
function showSaveError(error: unknown): void {
  if (error instanceof ApiRequestError && error.status === 400 && error.body) {
    toast('warning', error.body.message);
    return;
  }
  handleHttpError(error);
}

export function useCreateContestant(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contestant: NewContestant) => createContestant(customerId, contestant),
    meta: { handlesErrors: true },
    onError: showSaveError,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestantsQueryKey(customerId) }),
  });
}

export function useUpdateContestant(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contestant: ContestantChanges) => updateContestant(customerId, contestant),
    meta: { handlesErrors: true },
    onError: showSaveError,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestantsQueryKey(customerId) }),
  });
}
