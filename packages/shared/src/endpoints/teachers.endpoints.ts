import { z } from 'zod';
import { CustomerIdParamsSchema } from '../accounts/accounts.schema.ts';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  ApproveMembershipSchema,
  AskMembershipSchema,
  ListedSchoolSchema,
  MembershipParamsSchema,
  MembershipRoleSchema,
  MembershipSchema,
  RefuseMembershipSchema,
  StaffMembershipParamsSchema,
  StaffMembershipSchema,
  StaffTeachersSchema,
} from '../schools/teachers.schema.ts';

const familyTags = ['Teaching'];
const familyErrors = [400, 401, 404, 409] as const;

/** A family account's memberships of schools (decision 061): its own only. */
export const teachersApi = {
  schools: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/teaching/schools',
    access: 'customer',
    tags: familyTags,
    summary: 'The schools of the list a teacher may ask to act for, with their kind',
    params: CustomerIdParamsSchema,
    responses: { 200: z.array(ListedSchoolSchema) },
    errors: familyErrors,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/school-memberships',
    access: 'customer',
    tags: familyTags,
    summary: "The account's requests to act for a school and its classes, in every state",
    params: CustomerIdParamsSchema,
    responses: { 200: z.array(MembershipSchema) },
    errors: familyErrors,
  }),
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/school-memberships',
    access: 'customer',
    tags: familyTags,
    summary: 'Ask to act for a school (of the list, or by name), as a teacher or its coordinator',
    params: CustomerIdParamsSchema,
    body: AskMembershipSchema,
    responses: { 201: MembershipSchema },
    errors: familyErrors,
  }),
  leave: defineEndpoint({
    method: 'DELETE',
    path: '/api/Customers/:id/school-memberships/:membershipId',
    access: 'customer',
    tags: familyTags,
    summary:
      'Withdraw a request waiting, or leave a school: the class ends, its learners stay with the account',
    params: MembershipParamsSchema,
    responses: { 204: z.null() },
    errors: familyErrors,
  }),
};

const staffTags = ['Staff: teachers'];
const staffErrors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:schools' } as const;

/** Organisers decide who acts for a school, and keep schools as records (decision 061). */
export const staffTeachersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Teachers',
    access: staff,
    tags: staffTags,
    summary: 'Requests waiting (with look-alike schools for a new name), then approved teachers',
    responses: { 200: StaffTeachersSchema },
    errors: staffErrors,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Teachers/:membershipId/Approve',
    access: staff,
    tags: staffTags,
    summary: 'Approve a request; a new name becomes a school of the list or the one it is',
    params: StaffMembershipParamsSchema,
    body: ApproveMembershipSchema,
    responses: { 200: StaffMembershipSchema },
    errors: staffErrors,
  }),
  refuse: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Teachers/:membershipId/Refuse',
    access: staff,
    tags: staffTags,
    summary: 'Refuse a request, with the reason the teacher sees',
    params: StaffMembershipParamsSchema,
    body: RefuseMembershipSchema,
    responses: { 200: StaffMembershipSchema },
    errors: staffErrors,
  }),
  end: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Teachers/:membershipId/End',
    access: staff,
    tags: staffTags,
    summary:
      "End an approved membership: the class ends, the learners stay with the teacher's account",
    params: StaffMembershipParamsSchema,
    responses: { 200: StaffMembershipSchema },
    errors: staffErrors,
  }),
  role: defineEndpoint({
    method: 'PUT',
    path: '/api/Staff/Teachers/:membershipId/Role',
    access: staff,
    tags: staffTags,
    summary:
      "Make a teacher the school's coordinator, or a teacher again (one coordinator a school)",
    params: StaffMembershipParamsSchema,
    body: MembershipRoleSchema,
    responses: { 200: StaffMembershipSchema },
    errors: staffErrors,
  }),
};
