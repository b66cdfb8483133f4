import { defineEndpoint } from '../api/endpoint.ts';
import { SignInSummarySchema } from '../staff/sign-ins.schema.ts';

/** /api/Staff/SignIns: failed and throttled sign-ins, for organisers (issue 30, decision 032). */
export const signInsApi = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/SignIns',
    access: { staff: 'read:sign-ins' },
    tags: ['Staff: sign-ins'],
    summary:
      'Failed and throttled sign-ins: counts in the last hour and 24 hours, the accounts and addresses with the most, the latest events',
    responses: { 200: SignInSummarySchema },
    errors: [401, 403],
  }),
};
