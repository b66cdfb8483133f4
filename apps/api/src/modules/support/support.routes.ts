import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSiteApi } from '@eisteddfod/shared';
import { serve } from '../../plugins/endpoints.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';
import { insertTicket } from './support.repository.ts';

/** Our own support-ticket form (issue 7), instead of an embedded outside one. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, publicSiteApi.supportTicket, async (req, reply) => {
    await requireWithinLimit(
      app.rateLimiter,
      `support:ip:${req.clientNetwork}`,
      5,
      60 * 60_000,
      'You have sent several messages already. Please wait an hour before sending another.',
    );
    const ticket = req.body;
    // A filled honeypot is a bot: it is thanked like anyone and nothing is kept or sent.
    if (ticket.website) return reply.code(201).send({ ticketNumber: 'T-000000' });
    const ticketNumber = await insertTicket(app.db, ticket);
    const details = [
      `Ticket ${ticketNumber}`,
      `From: ${ticket.name} <${ticket.email}>${ticket.mobileNumber ? `, ${ticket.mobileNumber}` : ''}`,
      `Subject: ${ticket.subject}`,
      '',
      ticket.message,
    ].join('\n');
    // The acknowledgement repeats nothing the sender wrote, so the form cannot relay spam.
    await app.outbox.enqueueEmail(
      ticket.email,
      `We received your message (${ticketNumber})`,
      `Thank you for writing to the Online Eisteddfod. Your message is ticket ${ticketNumber}; we answer within two working days.`,
    );
    await app.outbox.enqueueEmail(
      app.config.ORGANISER_EMAIL,
      `Support ${ticketNumber}: ${ticket.subject}`,
      details,
    );
    return reply.code(201).send({ ticketNumber });
  });
};
