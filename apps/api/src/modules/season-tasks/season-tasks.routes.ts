import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/Tasks: the organiser's task list (organisers only, from its definition). */
export const seasonTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, staffApi.seasonTasks, () => app.seasonTasks.tasks());
};
