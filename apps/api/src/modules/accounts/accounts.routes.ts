import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_TEXT, accountsApi } from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { serve, type ZodApp } from '../../plugins/endpoints.ts';
import { PIN_POLICY } from './pins.ts';

/** The HttpOnly cookie that carries a verified pin to the next silent login. */
const GRANT_COOKIE = 'eisteddfod_pin_grant';
const noAccount = () => notFound('ACCOUNT_NOT_FOUND', ACCOUNT_TEXT.say('noAccountWithDetails'));

/** Spec 7, "Authentication" and "Customers" (accounts, pins, My Profile). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.accounts;

  const exists = async (found: boolean) => {
    if (!found) throw noAccount();
    return { exists: true as const };
  };

  serve(app, accountsApi.search, async (req) =>
    exists(await accounts.accountExists(req.query, req.clientNetwork)),
  );

  serve(app, accountsApi.usernameExists, async (req) => {
    const { username, isMobile } = req.query;
    return exists(
      await accounts.accountExists(
        isMobile ? { mobileNumber: username } : { email: username },
        req.clientNetwork,
      ),
    );
  });

  serve(app, accountsApi.register, async (req, reply) => {
    const customerId = await accounts.registerCustomer(
      req.body,
      req.clientNetwork,
      req.readerLocale,
    );
    return reply.code(201).send({ customerId });
  });

  serve(app, accountsApi.silentLogin, async (req, reply) => {
    const { result, usedGrant } = await accounts.silentLogin(
      req.body,
      req.cookies[GRANT_COOKIE],
      req.clientNetwork,
    );
    if (usedGrant) reply.clearCookie(GRANT_COOKIE, { path: '/api' });
    return result;
  });

  serveLoginPins(app);

  serve(app, accountsApi.getCustomer, async (req) => accounts.getCustomer(req.params.id));

  serve(app, accountsApi.requestContactPin, async (req) =>
    accounts.requestContactPin(
      req.params.id,
      req.body.contact,
      { ip: req.clientNetwork, language: req.readerLocale },
      req.body.mobileNumber,
    ),
  );

  serve(app, accountsApi.verifyContactPin, async (req) =>
    accounts.verifyContactPin(
      req.params.id,
      req.body.contact,
      req.body.pin,
      req.clientNetwork,
      req.body.mobileNumber,
    ),
  );

  serve(app, accountsApi.updateCustomer, async (req) =>
    accounts.updateCustomer(req.params.id, req.body),
  );

  serve(app, accountsApi.setLanguage, async (req) =>
    accounts.setLanguage(req.params.id, req.body.language),
  );
};

/** Spec 7, email-one-time-pin and whatsapp-one-time-pin: ask for a login pin, and check it. */
function serveLoginPins(app: ZodApp) {
  const accounts = app.accounts;
  for (const channel of ['email', 'whatsapp'] as const) {
    serve(app, accountsApi.requestPin[channel], async (req) =>
      accounts.requestLoginPin(req.params.id, channel, req.clientNetwork, req.readerLocale),
    );
    serve(app, accountsApi.verifyPin[channel], async (req, reply) => {
      const outcome = await accounts.verifyLoginPin(
        req.params.id,
        req.query.pin,
        req.clientNetwork,
      );
      if (outcome.verified) {
        reply.setCookie(GRANT_COOKIE, outcome.grant, {
          path: '/api',
          httpOnly: true,
          sameSite: 'strict',
          secure: app.config.isProduction,
          maxAge: PIN_POLICY.grantValidForSeconds,
        });
      }
      return outcome.verified;
    });
  }
}
