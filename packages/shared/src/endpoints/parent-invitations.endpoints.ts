import { z } from 'zod';
import { CustomerIdParamsSchema } from '../accounts/accounts.schema.ts';
import { defineEndpoint } from '../api/endpoint.ts';
import { ClassParamsSchema } from '../schools/class-learner.schema.ts';
import {
  AcceptInvitationParamsSchema,
  AcceptInvitationSchema,
  ClassParentsSchema,
  InvitationSummarySchema,
  InvitationTokenParamsSchema,
  InvitedAllSchema,
  LearnerInvitationParamsSchema,
  ParentLinkSchema,
  SchoolChildParamsSchema,
  SchoolChildSchema,
} from '../schools/parent-link.schema.ts';

const teacherTags = ['Teaching: parents'];
const parentTags = ['Parents of learners'];
const errors = [400, 401, 403, 404, 409, 429] as const;

/**
 * A learner's parent (issue 35, decision 063): the teacher invites, the parent accepts with
 * their consents, then sees the child, takes the child over or leaves the school's entries.
 */
export const parentInvitationsApi = {
  parents: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Classes/:membershipId/Parents',
    access: 'customer',
    tags: teacherTags,
    summary: "The parent's state of each learner of the class, those taken over or left included",
    params: ClassParamsSchema,
    responses: { 200: ClassParentsSchema },
    errors,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/Learners/:learnerId/Invitation',
    access: 'customer',
    tags: teacherTags,
    summary:
      "Invite a learner's parent (email or WhatsApp); again only once a day, a new link replacing the old",
    params: LearnerInvitationParamsSchema,
    responses: { 200: ParentLinkSchema },
    errors,
  }),
  inviteAll: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/Classes/:membershipId/Invitations',
    access: 'customer',
    tags: teacherTags,
    summary: 'Invite the parent of every learner with an address who was not invited yet',
    params: ClassParamsSchema,
    responses: { 200: InvitedAllSchema },
    errors,
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/ParentInvitations/:token',
    access: 'public',
    tags: parentTags,
    summary:
      "An invitation's landing page: the child's first name, the school and the address to sign in with",
    params: InvitationTokenParamsSchema,
    responses: { 200: InvitationSummarySchema },
    errors: [400, 404, 409, 429],
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/ParentInvitations/:token/Accept',
    access: 'customer',
    tags: parentTags,
    summary:
      "Accept an invitation with the parent's consents; only an account that proved the invited address",
    params: AcceptInvitationParamsSchema,
    body: AcceptInvitationSchema,
    responses: { 200: SchoolChildSchema },
    errors,
  }),
  children: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/SchoolChildren',
    access: 'customer',
    tags: parentTags,
    summary: 'The children teachers entered that the caller is the parent of, with their entries',
    params: CustomerIdParamsSchema,
    responses: { 200: z.array(SchoolChildSchema) },
    errors,
  }),
  takeOver: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/SchoolChildren/:learnerId/TakeOver',
    access: 'customer',
    tags: parentTags,
    summary: "Move the child and their entries into the parent's account; the teacher loses them",
    params: SchoolChildParamsSchema,
    responses: { 204: z.null() },
    errors,
  }),
  leave: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/SchoolChildren/:learnerId/Leave',
    access: 'customer',
    tags: parentTags,
    summary: "Withdraw the child from the school's entries (as a family withdraws an entry)",
    params: SchoolChildParamsSchema,
    responses: { 200: SchoolChildSchema },
    errors,
  }),
};
