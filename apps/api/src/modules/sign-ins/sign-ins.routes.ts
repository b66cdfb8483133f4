import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInsApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Staff/SignIns: organisers only (from its definition). */
export const signInsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, signInsApi.summary, () => app.signIns.summary());
};
