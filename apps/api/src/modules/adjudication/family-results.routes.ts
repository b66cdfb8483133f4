import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  EntryResultSchema,
  IdSchema,
  RubricScoresSchema,
  text,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';

const tags = ['Results'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const params = z.object({ id: IdSchema });

/** What families see of results: nothing before publication, then scores, medal, certificates. */
export const familyResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = app.adjudication;
  app.get(
    '/api/OrderItems/RubricScores/:id',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          "Spec 7: the owner's rubric scores of an entry (empty until results are published)",
        params,
        response: { 200: RubricScoresSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.results.rubricScores(customerId, req.params.id);
    },
  );

  app.get(
    '/api/OrderItems/:id/Result',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Everything the Results modal shows, with signed certificate links',
        params,
        response: { 200: EntryResultSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return s.results.entryResult(customerId, req.params.id);
    },
  );

  app.get(
    '/api/Certificates/:id/File',
    {
      config: { access: 'signed' },
      schema: {
        tags,
        summary: 'A certificate PDF, through a signed link from the result',
        params,
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: text().max(64),
        }),
      },
    },
    async (req, reply) => {
      try {
        const file = await s.certificates.open(
          req.params.id,
          req.query.expires,
          req.query.signature,
        );
        return reply
          .type('application/pdf')
          .header('content-length', file.size)
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      } catch (err) {
        if (err instanceof FileNotFoundError)
          throw notFound('CERTIFICATE_NOT_FOUND', 'This certificate file is missing.');
        throw err;
      }
    },
  );
};
