import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classEntriesApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/**
 * /api/Customers/{id}/Classes/{membershipId}/…: the caller's own account (access 'customer');
 * /api/Staff/Schools/{id}/Classes: organisers who keep the schools.
 */
export const classEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.classEntries;
  serve(app, classEntriesApi.grid, (req) => service.grid(req.params.id, req.params.membershipId));
  serve(app, classEntriesApi.enter, (req) =>
    service.enter(req.params.id, req.params.membershipId, req.body),
  );
  serve(app, classEntriesApi.entries, (req) =>
    service.entries(req.params.id, req.params.membershipId),
  );
  // Organisers: a school's classes on its console page (decision 068).
  serve(app, classEntriesApi.schoolClasses, (req) => service.schoolClasses(req.params.id));
};
