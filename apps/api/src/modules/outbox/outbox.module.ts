import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import { createSmtpTransport } from '../../providers/mail/mail-transport.ts';
import { createWhatsAppCloudTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import { METRIC_PREFIX } from '../../plugins/metrics.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { findBacklog } from './outbox.repository.ts';
import {
  createOutbox,
  DELIVERY_JOB,
  RETENTION_JOB,
  type Outbox,
  type OutboxTransports,
} from './outbox.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

interface OutboxModuleOptions {
  /** Replace the configured mail and WhatsApp transports (tests). */
  transports?: OutboxTransports | undefined;
}

/** SMTP and the WhatsApp Cloud API when configured; otherwise messages are held in the outbox. */
function transportsFrom(config: Config): OutboxTransports {
  return {
    mail: config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined,
    whatsapp:
      config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? createWhatsAppCloudTransport({
            apiUrl: config.WHATSAPP_API_URL,
            accessToken: config.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
            templateName: config.WHATSAPP_TEMPLATE_NAME.name,
            language: config.WHATSAPP_TEMPLATE_LANGUAGE,
          })
        : undefined,
  };
}

/** What waits to be sent, per channel, for the operator's dashboard (decision 039). */
function registerOutboxFigures(app: FastifyInstance): void {
  const backlog = () => findBacklog(app.db);
  app.metrics.gauge({
    name: `${METRIC_PREFIX}outbox_waiting`,
    help: 'Messages waiting to be sent (retries too), by channel',
    labelNames: ['channel'],
    read: async () =>
      (await backlog()).map((b) => ({ labels: { channel: b.channel }, value: b.waiting })),
  });
  app.metrics.gauge({
    name: `${METRIC_PREFIX}outbox_oldest_waiting_seconds`,
    help: 'Age of the oldest message waiting to be sent, by channel',
    labelNames: ['channel'],
    read: async () =>
      (await backlog()).map((b) => ({ labels: { channel: b.channel }, value: b.oldestSeconds })),
  });
}

/** One answer of `check` for `ms`, a failure included (a flood of probes asks once). */
function reusedFor(ms: number, check: () => Promise<void>): () => Promise<void> {
  let last: { at: number; answer: Promise<void> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ms) last = { at: Date.now(), answer: check() };
    return last.answer;
  };
}

/** Every email and WhatsApp message, stored before it is sent and retried until it is. */
export default fp<OutboxModuleOptions>(
  async (app, options) => {
    const transports = options.transports ?? transportsFrom(app.config);
    const outbox = createOutbox(app.db, transports, app.jobs);
    app.decorate('outbox', outbox);
    // The message transports in /readyz (decision 038): a server that refuses our login, or an
    // API that refuses our token, is seen before families wait for their pins. Asked at most
    // once a minute: they are outside services, and /readyz is public.
    const impact = 'pins and messages wait in the outbox, and go out once it answers';
    const checks = [
      { name: 'mail' as const, kind: 'smtp', check: transports.mail?.check?.bind(transports.mail) },
      {
        name: 'whatsapp' as const,
        kind: 'cloud-api',
        check: transports.whatsapp?.check?.bind(transports.whatsapp),
      },
    ];
    for (const { name, kind, check } of checks) {
      if (!check) continue;
      app.health.addDependency({ name, kind, impact, check: reusedFor(60_000, check) });
    }
    // A production server checks them at start and says what it found.
    app.addHook('onReady', async () => {
      if (!app.config.isProduction) return;
      const report = await app.health.ready();
      for (const c of report.checks.filter((c) => c.name === 'mail' || c.name === 'whatsapp')) {
        if (c.state === 'ok') app.log.info({ transport: c.name }, 'message transport answers');
        else app.log.warn({ transport: c.name }, `message transport down: ${impact}`);
      }
    });
    // Each delivery is a job (retried with back-off); the sweep catches a message whose job was
    // never sent, as when the process died between the commit and the send.
    // Two jobs at a time per instance, each sending a batch at once: a mail server's round
    // trips, not our CPU, set the pace (bench/deadline-night). Families wait on their pins, so
    // 'web' instances deliver too (decision 039).
    await app.jobs.define(DELIVERY_JOB, () => outbox.deliverOrFail(), {
      label: 'Emails and WhatsApp messages',
      workers: 2,
      waitedOn: true,
    });
    await app.jobs.every(
      'outbox.sweep',
      '* * * * *',
      () => outbox.deliverLost(),
      'Messages whose delivery was lost',
    );
    // Pins are blanked within the hour and bodies cleared after their time (decision 031).
    await app.jobs.every(
      RETENTION_JOB,
      '41 * * * *',
      () => outbox.clearExpiredBodies(),
      'Message texts past their time',
    );
    registerOutboxFigures(app);
    // Running deliveries were waited for by the job queue's preClose.
    app.addHook('onClose', async () => {
      transports.mail?.close();
    });
    // Pins readable by anyone who reaches the server: only on a local run (config devTools).
    if (app.config.devTools) await app.register(devOutboxRoutes);
  },
  { name: 'outbox', dependencies: ['core', 'jobs', 'metrics', 'health'] },
);
