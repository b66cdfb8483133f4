import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLASS_TEXT, MAX_CLASS_LIST_BYTES, schoolClassesApi as api } from '@eisteddfod/shared';
import { readOneFile } from '../../lib/multipart-file.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** /api/Customers/{id}/Classes: a teacher's class and its list (decision 064). */
export const schoolClassesRoutes: FastifyPluginAsyncZod = async (app) => {
  // A class list is one file within its limit; the size is refused before the file is read on.
  await app.register(multipart, {
    limits: { fileSize: MAX_CLASS_LIST_BYTES, files: 1, fields: 0 },
  });
  const classes = app.schoolClasses;
  const me = (req: Parameters<typeof callerOf>[0]) => callerOf(req).customerId;
  /**
   * Every check of a name against the school's contestants tells the teacher whether a family's
   * child of that name is on the portal: plenty for a real class, too few to trawl (security
   * review of issue 35). A list of up to 1,000 names counts as one of 20 an hour.
   */
  const withinChecks = (req: Parameters<typeof callerOf>[0], kind: 'list' | 'learner') =>
    requireWithinLimit(
      app.rateLimiter,
      `class-${kind}-checks:${me(req)}`,
      kind === 'list' ? 20 : 300,
      60 * 60_000,
      CLASS_TEXT.say('tooManyChecks'),
    );

  serve(app, api.view, (req) => classes.learners.view(me(req), req.params.membershipId));

  serve(app, api.school, (req) => classes.learners.school(me(req), req.params.schoolId));

  serve(app, api.add, async (req, reply) => {
    await withinChecks(req, 'learner');
    const added = await classes.learners.add(me(req), req.params.membershipId, req.body);
    return reply.code(201).send(added);
  });

  serve(app, api.update, async (req) => {
    await withinChecks(req, 'learner');
    return classes.learners.update(
      me(req),
      req.params.membershipId,
      req.params.learnerId,
      req.body,
    );
  });

  serve(app, api.remove, async (req, reply) => {
    await classes.learners.remove(me(req), req.params.membershipId, req.params.learnerId);
    return reply.code(204).send(null);
  });

  serve(app, api.checkList, async (req) => {
    await withinChecks(req, 'list');
    const file = await readOneFile(req, CLASS_TEXT.say('tooLarge'));
    return classes.list.check(me(req), req.params.membershipId, file);
  });

  serve(app, api.addList, async (req, reply) =>
    reply.code(201).send(await classes.list.commit(me(req), req.params.membershipId, req.body)),
  );
};
