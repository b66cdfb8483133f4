import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountExistsSchema,
  ApiErrorSchema,
  CreatedCustomerSchema,
  CustomerAndUserSchema,
  CustomerIdParamsSchema,
  CustomerSchema,
  CustomerSearchQuerySchema,
  LoginResultSchema,
  PinQuerySchema,
  PinSentSchema,
  SilentLoginSchema,
  UpdateCustomerSchema,
  UsernameQuerySchema,
} from '@eisteddfod/shared';
import { notFound } from '../../lib/errors.ts';
import { PIN_POLICY } from './pins.ts';

/** The HttpOnly cookie that carries a verified pin to the next silent login. */
const GRANT_COOKIE = 'eisteddfod_pin_grant';
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};
const noAccount = () => notFound('ACCOUNT_NOT_FOUND', 'There is no account with these details');

/** Spec 7, "Authentication" and "Customers" (accounts, pins, My Profile). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.accounts;

  const exists = async (found: boolean) => {
    if (!found) throw noAccount();
    return { exists: true as const };
  };

  app.get(
    '/api/Customers/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Accounts'],
        summary: 'Whether an account uses this email or mobile number (404 when none)',
        querystring: CustomerSearchQuerySchema,
        response: { 200: AccountExistsSchema, ...errors },
      },
    },
    async (req) => exists(await accounts.accountExists(req.query, req.ip)),
  );

  app.get(
    '/api/Authentication',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Accounts'],
        summary: 'Whether an account uses this username (404 when none)',
        querystring: UsernameQuerySchema,
        response: { 200: AccountExistsSchema, ...errors },
      },
    },
    async (req) => {
      const { username, isMobile } = req.query;
      return exists(
        await accounts.accountExists(
          isMobile ? { mobileNumber: username } : { email: username },
          req.ip,
        ),
      );
    },
  );

  const register = {
    config: { access: 'public' as const },
    schema: {
      tags: ['Accounts'],
      summary: 'Create a customer with their login identity (409 when it is taken)',
      body: CustomerAndUserSchema,
      response: { 201: CreatedCustomerSchema, ...errors },
    },
  };
  for (const path of [
    '/api/Customers/CustomerAndUser',
    '/api/Customers',
    '/api/Authentication/Register',
  ]) {
    app.post(path, register, async (req, reply) => {
      const customerId = await accounts.registerCustomer(req.body, req.ip);
      return reply.code(201).send({ customerId });
    });
  }

  const silentLogin = {
    config: { access: 'public' as const },
    schema: {
      tags: ['Accounts'],
      summary: 'Start a login; a full session only right after a verified pin',
      body: SilentLoginSchema,
      response: { 200: LoginResultSchema, ...errors },
    },
  };
  for (const path of ['/api/Authentication/SilentLogin', '/api/Authentication/Login']) {
    app.post(path, silentLogin, async (req, reply) => {
      const { result, usedGrant } = await accounts.silentLogin(
        req.body,
        req.cookies[GRANT_COOKIE],
        req.ip,
      );
      if (usedGrant) reply.clearCookie(GRANT_COOKIE, { path: '/api' });
      return result;
    });
  }

  for (const channel of ['email', 'whatsapp'] as const) {
    app.post(
      `/api/Customers/:id/${channel}-one-time-pin`,
      {
        config: { access: 'customer-or-pin' },
        schema: {
          tags: ['Accounts'],
          summary: `Send a new one-time pin by ${channel}`,
          params: CustomerIdParamsSchema,
          response: { 200: PinSentSchema, ...errors },
        },
      },
      async (req) => accounts.requestLoginPin(req.params.id, channel, req.ip),
    );

    app.put(
      `/api/Customers/:id/${channel}-one-time-pin`,
      {
        config: { access: 'customer-if-token' },
        schema: {
          tags: ['Accounts'],
          summary: 'Check a one-time pin; true once for the right pin',
          params: CustomerIdParamsSchema,
          querystring: PinQuerySchema,
          response: { 200: z.boolean(), ...errors },
        },
      },
      async (req, reply) => {
        const outcome = await accounts.verifyLoginPin(req.params.id, req.query.pin, req.ip);
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
      },
    );
  }

  app.get(
    '/api/Customers/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Accounts'],
        summary: 'The logged-in customer',
        params: CustomerIdParamsSchema,
        response: { 200: CustomerSchema, ...errors },
      },
    },
    async (req) => accounts.getCustomer(req.params.id),
  );

  app.put(
    '/api/Customers/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['Accounts'],
        summary: 'Update names and country (email and mobile number stay)',
        params: CustomerIdParamsSchema,
        body: UpdateCustomerSchema,
        response: { 200: CustomerSchema, ...errors },
      },
    },
    async (req) => accounts.updateCustomer(req.params.id, req.body),
  );
};
