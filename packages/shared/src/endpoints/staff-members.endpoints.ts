import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  InviteStaffMemberSchema,
  StaffMemberParamsSchema,
  StaffMemberSchema,
} from '../staff/staff-members.schema.ts';

const tags = ['Staff: members'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:staff' } as const;

/**
 * /api/Staff/Members: organisers keep the staff (issue 16). The adjudicators' own screen
 * (staffApi.adjudicators) stays for their assignments; this is who may sign in as staff.
 */
export const staffMembersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Members',
    access: staff,
    tags,
    summary: 'Every organiser and adjudicator, active or deactivated',
    responses: { 200: z.array(StaffMemberSchema) },
    errors,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Members',
    access: staff,
    tags,
    summary: 'Invite an organiser or an adjudicator: an account is made and they are emailed',
    body: InviteStaffMemberSchema,
    responses: { 201: StaffMemberSchema },
    errors,
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Members/:id/Deactivate',
    access: staff,
    tags,
    summary: 'Deactivate a member of staff: their sessions end at once, they cannot sign in',
    params: StaffMemberParamsSchema,
    responses: { 200: StaffMemberSchema },
    errors,
  }),
  reactivate: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Members/:id/Reactivate',
    access: staff,
    tags,
    summary: 'Reactivate a member of staff: they may sign in again (old sessions stay ended)',
    params: StaffMemberParamsSchema,
    responses: { 200: StaffMemberSchema },
    errors,
  }),
};
