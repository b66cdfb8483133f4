import { signInsApi } from '@eisteddfod/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api-client.ts';

/** How often an open sign-ins screen asks again: an attack on deadline night shows as it runs. */
export const SIGN_INS_REFRESH_MS = 30_000;

/** Failed and throttled sign-ins (issue 30; signInsApi in packages/shared). */
export function useSignIns() {
  return useQuery({
    queryKey: ['staff', 'sign-ins'],
    queryFn: ({ signal }) => callApi(signInsApi.summary, { signal }),
    refetchInterval: SIGN_INS_REFRESH_MS,
  });
}
