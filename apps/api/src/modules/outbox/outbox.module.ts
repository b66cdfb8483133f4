import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import { createSmtpTransport } from '../../providers/mail/mail-transport.ts';
import { createWhatsAppCloudTransport } from '../../providers/whatsapp/whatsapp-transport.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import {
  createOutbox,
  DELIVERY_JOB,
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
            templateName: config.WHATSAPP_TEMPLATE_NAME,
            language: config.WHATSAPP_TEMPLATE_LANGUAGE,
          })
        : undefined,
  };
}

/** Every email and WhatsApp message, stored before it is sent and retried until it is. */
export default fp<OutboxModuleOptions>(
  async (app, options) => {
    const transports = options.transports ?? transportsFrom(app.config);
    const outbox = createOutbox(app.db, transports, app.jobs);
    app.decorate('outbox', outbox);
    // Each delivery is a job (retried with back-off); the sweep catches a message whose job was
    // never sent, as when the process died between the commit and the send.
    // Two jobs at a time per instance, each sending a batch at once: a mail server's round
    // trips, not our CPU, set the pace (bench/deadline-night).
    await app.jobs.define(DELIVERY_JOB, () => outbox.deliverOrFail(), {
      label: 'Emails and WhatsApp messages',
      workers: 2,
    });
    await app.jobs.every(
      'outbox.sweep',
      '* * * * *',
      () => outbox.deliverLost(),
      'Messages whose delivery was lost',
    );
    // Running deliveries were waited for by the job queue's preClose.
    app.addHook('onClose', async () => {
      transports.mail?.close();
    });
    // Pins readable by anyone who reaches the server: only on a local run (config devTools).
    if (app.config.devTools) await app.register(devOutboxRoutes);
  },
  { name: 'outbox', dependencies: ['core', 'jobs'] },
);
