import { z } from 'zod';
import { CustomerIdParamsSchema } from '../accounts/accounts.schema.ts';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  CreateParticipantProfileSchema,
  ParticipantProfileSchema,
  ProfileParamsSchema,
  UpdateParticipantProfileSchema,
} from '../contestants/contestants.schema.ts';

const tags = ['Contestants'];
const errors = [400, 401, 404, 409] as const;

/** Spec 7, the participant-profile calls (contestants), each for the caller's own only. */
export const contestantsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/participant-profiles',
    aliases: ['/api/Customers/:id/ParticipantProfiles'],
    access: 'customer',
    tags,
    summary: "The customer's contestants, with pictures and entered items",
    params: CustomerIdParamsSchema,
    responses: { 200: z.array(ParticipantProfileSchema) },
    errors,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/participant-profile',
    access: 'customer',
    tags,
    summary: 'Add a contestant (both consents required)',
    params: CustomerIdParamsSchema,
    body: CreateParticipantProfileSchema,
    responses: { 201: ParticipantProfileSchema },
    errors,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/Customers/:id/participant-profile',
    access: 'customer',
    tags,
    summary: 'Update a contestant (the whole profile, with its id)',
    params: CustomerIdParamsSchema,
    body: UpdateParticipantProfileSchema,
    responses: { 200: ParticipantProfileSchema },
    errors,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/Customers/:id/participant-profile/:participantProfileId',
    access: 'customer',
    tags,
    summary: 'Delete a contestant that has no entered items',
    params: ProfileParamsSchema,
    responses: { 204: z.null() },
    errors,
  }),
};
