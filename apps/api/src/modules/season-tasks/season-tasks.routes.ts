import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reachOf, staffApi } from '@eisteddfod/shared';
import { staffOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/**
 * /api/Staff/Tasks: the organiser's task list (its definition's action lets a caller ask; each
 * task shows only to a caller granted its rows' action over any rows).
 */
export const seasonTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, staffApi.seasonTasks, (req) => {
    const { role } = staffOf(req).staff;
    return app.seasonTasks.tasks((action) => reachOf(role, action) === 'any');
  });
};
