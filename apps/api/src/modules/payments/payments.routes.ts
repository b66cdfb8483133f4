import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_CANCELLED_SEARCH, paths, paymentsApi } from '@eisteddfod/shared';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve, type ZodApp } from '../../plugins/endpoints.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';
import { AUTOSUBMIT_JS, escapeHtml, PAY_PAGE_CSS } from '../../providers/payment/pay-page.ts';
import type { PaymentProvider } from '../../providers/payment/provider.ts';
import { text } from './text.ts';

/**
 * A PayFast ITN is a few hundred bytes of form fields; 16 KB leaves room for long names and
 * custom fields while keeping junk out of the notification store.
 */
export const NOTIFICATION_BODY_LIMIT = 16 * 1024;
/**
 * Per address: PayFast posts from a handful of servers, one ITN per payment (and its retries),
 * so 120 a minute from one of them is far above deadline night's rate; a refused one is retried
 * by PayFast later.
 */
export const NOTIFICATIONS_PER_MINUTE = 120;

/** The fields every notification carries: without them a body cannot be a real one. */
function looksLikeNotification(provider: PaymentProvider, body: string): boolean {
  const fields = new URLSearchParams(body);
  return Boolean(fields.get(provider.notificationFields.orderId) && fields.get('signature'));
}

/** What an expired or unknown payment link shows. */
const notFoundPage = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><title>${escapeHtml(text('linkExpiredTitle'))}</title><p>${escapeHtml(text('linkExpired'))}</p>`,
    );

/** A provider's page for an order it is to be paid with, its buttons, and its notifications. */
function registerProvider(app: ZodApp, provider: PaymentProvider) {
  const payments = app.payments;
  const { endpoints } = provider;
  serve(app, endpoints.page, async (req, reply) => {
    const { orderId } = req.params;
    const payable = await payments.payableOrder(
      provider.id,
      orderId,
      req.query.ref,
      req.query.email,
    );
    if (!payable) return notFoundPage(reply);
    const page = provider.checkoutPage(payable);
    reply.type('text/html; charset=utf-8');
    if (page.formTarget) {
      const policy = CONTENT_SECURITY_POLICY.replace(
        "form-action 'self'",
        `form-action 'self' ${page.formTarget}`,
      );
      reply.header('content-security-policy', policy);
    }
    return reply.send(page.html);
  });

  if (endpoints.pay) {
    serve(app, endpoints.pay, async (req, reply) => {
      const { orderId } = req.params;
      // Our own "bank" sends its signed notification through the same verification path.
      const id = await payments.payOnOwnPage(provider.id, orderId, req.query.ref);
      if (id === undefined) return notFoundPage(reply);
      await payments.waitUntilProcessed(id, 10_000);
      return reply.redirect(paths.confirmation.href({ id: orderId }), 303);
    });
  }
  if (endpoints.cancel) {
    serve(app, endpoints.cancel, async (_req, reply) =>
      reply.redirect(`${paths.checkout.href()}${PAYMENT_CANCELLED_SEARCH}`, 303),
    );
  }
  registerNotifications(app, provider);
}

/**
 * A provider's notifications (PayFast's ITN; the sandbox posts the same fields). Anyone can
 * post here, so before a body is kept it must be small, from an address within its limit, and
 * shaped like a notification; a real one is still kept before the provider gets its 200, and
 * its signature is checked after (notifications.ts).
 */
function registerNotifications(app: ZodApp, provider: PaymentProvider) {
  const payments = app.payments;
  serve(
    app,
    provider.endpoints.notify,
    async (req, reply) => {
      await requireWithinLimit(
        app.rateLimiter,
        `notifications:ip:${req.clientNetwork}`,
        NOTIFICATIONS_PER_MINUTE,
        60_000,
        'Too many notifications from this address.',
      );
      const body = typeof req.body === 'string' ? req.body : '';
      if (!looksLikeNotification(provider, body)) {
        throw badRequest('NOT_A_NOTIFICATION', 'This is not a payment notification.');
      }
      // PayFast wants a 200 at once: the notification is kept first, its checks run after.
      await payments.acceptNotification(provider.id, body);
      return reply.code(200).send('OK');
    },
    { bodyLimit: NOTIFICATION_BODY_LIMIT },
  );
}

/** Spec 7 PaymentLink calls, My Orders, and the providers' pages and notifications. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;

  // Providers post notifications as forms; keep the raw text: PayFast signs the fields in order.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, body),
  );

  serve(app, paymentsApi.paymentLink, async (req) => {
    const { customerId } = callerOf(req);
    const link = await payments.startPayment(
      customerId,
      req.params.id,
      req.params.email,
      req.query.sendWhatsAppConfirmation,
    );
    return { link };
  });

  serve(app, paymentsApi.paymentLinkByEmail, async (req) => {
    const { customerId } = callerOf(req);
    const link = await payments.startPayment(
      customerId,
      req.params.id,
      req.query.email,
      req.query.sendWhatsAppConfirmation,
    );
    return { link };
  });

  serve(app, paymentsApi.customerOrders, async (req) => payments.listCustomerOrders(req.params.id));

  serve(app, paymentsApi.payPageStyles, async (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(PAY_PAGE_CSS),
  );
  serve(app, paymentsApi.payPageScript, async (_req, reply) =>
    reply
      .type('text/javascript')
      .header('cache-control', 'public, max-age=3600')
      .send(AUTOSUBMIT_JS),
  );

  // Only the providers configuration enables have pages and notifications: the sandbox's, which
  // mark orders paid with no money moved, only where config allows it (config/env.ts).
  for (const provider of payments.enabledProviders()) registerProvider(app, provider);
};
