import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CreateParticipantProfileSchema,
  CustomerIdParamsSchema,
  ParticipantProfileSchema,
  ProfileParamsSchema,
  UpdateParticipantProfileSchema,
} from '@eisteddfod/shared';
import { badRequest } from '../../lib/errors.ts';

const tags = ['Contestants'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** Spec 7, the participant-profile calls (contestants), each for the caller's own only. */
export const contestantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contestants = app.contestants;

  const list = {
    config: { access: 'customer' as const },
    schema: {
      tags,
      summary: "The customer's contestants, with pictures and entered items",
      params: CustomerIdParamsSchema,
      response: { 200: z.array(ParticipantProfileSchema), ...errors },
    },
  };
  for (const path of [
    '/api/Customers/:id/participant-profiles',
    '/api/Customers/:id/ParticipantProfiles',
  ]) {
    app.get(path, list, async (req) => contestants.listContestants(req.params.id));
  }

  app.post(
    '/api/Customers/:id/participant-profile',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Add a contestant (both consents required)',
        params: CustomerIdParamsSchema,
        body: CreateParticipantProfileSchema,
        response: { 201: ParticipantProfileSchema, ...errors },
      },
    },
    async (req, reply) => {
      if (req.body.customerId !== undefined && req.body.customerId !== req.params.id) {
        throw badRequest(
          'CUSTOMER_MISMATCH',
          'The contestant must belong to the logged-in customer.',
        );
      }
      return reply.code(201).send(await contestants.createContestant(req.params.id, req.body));
    },
  );

  app.put(
    '/api/Customers/:id/participant-profile',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Update a contestant (the whole profile, with its id)',
        params: CustomerIdParamsSchema,
        body: UpdateParticipantProfileSchema,
        response: { 200: ParticipantProfileSchema, ...errors },
      },
    },
    async (req) => contestants.updateContestant(req.params.id, req.body),
  );

  app.delete(
    '/api/Customers/:id/participant-profile/:participantProfileId',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Delete a contestant that has no entered items',
        params: ProfileParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await contestants.deleteContestant(req.params.id, req.params.participantProfileId);
      return reply.code(204).send(null);
    },
  );
};
