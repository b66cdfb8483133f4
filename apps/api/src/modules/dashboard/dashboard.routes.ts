import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Dashboard: organisers only (from its definition). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, dashboardApi.get, (req) => app.dashboard.figures(req.query.eventId));
};
