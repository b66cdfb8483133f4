import fp from 'fastify-plugin';
import { seasonTasksRoutes } from './season-tasks.routes.ts';
import { createSeasonTasksService } from './season-tasks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The organiser's task list for the season's phase (issue 34, decision 060). */
    seasonTasks: ReturnType<typeof createSeasonTasksService>;
  }
}

/**
 * The task list reads, never writes: each task asks the module that owns its rule (reminders'
 * audiences, the ledger's reconciliation, adjudicators' progress, the release's winners check,
 * data requests, the job queue,
 * teachers waiting) and counts the rest itself.
 */
export default fp(
  async (app) => {
    const { resultsDay } = app;
    app.decorate(
      'seasonTasks',
      createSeasonTasksService({
        db: app.db,
        now: app.now,
        liveEventId: () => app.catalogue.currentEventId(),
        outstanding: (eventId, kind) => app.reminders.outstanding(eventId, kind),
        reconciliation: (eventId) => app.paymentLedger.reconciliation(eventId),
        adjudicators: () => app.adjudication.adjudicators.listAdjudicators(),
        winnersNeedConfirming: async (eventId) =>
          (await resultsDay.release.state(eventId)).winnersNeedConfirming === true,
        dataRequests: () => app.dataRights.list(),
        jobs: () => app.jobs.report(),
        heldBackFiles: () => app.fileProcessing.heldBack(),
        teachersWaiting: async () => (await app.teachers.teachers()).waiting,
      }),
    );
    await app.register(seasonTasksRoutes);
  },
  {
    name: 'season-tasks',
    dependencies: [
      'core',
      'catalogue',
      'jobs',
      'reminders',
      'payment-ledger',
      'adjudication',
      'results-day',
      'data-rights',
      'uploads',
      'teachers',
    ],
  },
);
