import fp from 'fastify-plugin';
import { remindersRoutes } from './reminders.routes.ts';
import { createRemindersService, SEND_JOB } from './reminders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organisers' reminder campaigns and the families' choice to get them (decision 022). */
    reminders: ReturnType<typeof createRemindersService>;
  }
}

/**
 * Reminders: a sweep each minute sends the campaigns that are due, on whichever instance takes
 * it; "send now" queues a job for one campaign. Both claim the campaign first, and every family's
 * delivery is recorded once, so a job run twice or on two instances never sends twice.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const reminders = createRemindersService({
      db: app.db,
      outbox: app.outbox,
      jobs: app.jobs,
      publicUrl: config.PUBLIC_URL,
      templates: {
        unpaid_cart: config.WHATSAPP_TEMPLATE_REMINDER_UNPAID_CART,
        no_main_file: config.WHATSAPP_TEMPLATE_REMINDER_NO_MAIN_FILE,
        not_finalised: config.WHATSAPP_TEMPLATE_REMINDER_NOT_FINALISED,
        results_published: config.WHATSAPP_TEMPLATE_REMINDER_RESULTS,
      },
      now: app.now,
      liveEventId: () => app.catalogue.currentEventId(),
      log: app.log,
    });
    app.decorate('reminders', reminders);
    await app.jobs.define<{ campaignId: number }>(
      SEND_JOB,
      ({ campaignId }) => reminders.sendOne(campaignId),
      { label: 'Reminders sent now' },
    );
    await app.jobs.every(
      'reminders.sweep',
      '* * * * *',
      () => reminders.sendDue(),
      'Scheduled reminders',
    );
    await app.register(remindersRoutes);
  },
  { name: 'reminders', dependencies: ['core', 'jobs', 'outbox', 'catalogue'] },
);
