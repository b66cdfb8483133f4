import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  AccountExistsSchema,
  AccountLanguageSchema,
  ContactPinCheckSchema,
  ContactPinRequestSchema,
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
} from '../accounts/accounts.schema.ts';

const tags = ['Accounts'];
const errors = [400, 401, 404, 409, 429] as const;

/** The channels a one-time pin goes by, each with its own pair of calls (spec 7). */
export type PinChannel = 'email' | 'whatsapp';

const requestPin = (channel: PinChannel) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/Customers/:id/${channel}-one-time-pin`,
    access: 'customer-or-pin',
    tags,
    summary: `Send a new one-time pin by ${channel}`,
    params: CustomerIdParamsSchema,
    responses: { 200: PinSentSchema },
    errors,
  });

const verifyPin = (channel: PinChannel) =>
  defineEndpoint({
    method: 'PUT',
    path: `/api/Customers/:id/${channel}-one-time-pin`,
    access: 'customer-if-token',
    tags,
    summary: 'Check a one-time pin; true once for the right pin',
    params: CustomerIdParamsSchema,
    query: PinQuerySchema,
    responses: { 200: z.boolean() },
    errors,
  });

/** Spec 7, "Authentication" and "Customers" (accounts, pins, My Profile). */
export const accountsApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/search',
    access: 'public',
    tags,
    summary: 'Whether an account uses this email or mobile number (404 when none)',
    query: CustomerSearchQuerySchema,
    responses: { 200: AccountExistsSchema },
    errors,
  }),
  usernameExists: defineEndpoint({
    method: 'GET',
    path: '/api/Authentication',
    access: 'public',
    tags,
    summary: 'Whether an account uses this username (404 when none)',
    query: UsernameQuerySchema,
    responses: { 200: AccountExistsSchema },
    errors,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/CustomerAndUser',
    aliases: ['/api/Customers', '/api/Authentication/Register'],
    access: 'public',
    tags,
    summary: 'Create a customer with their login identity (409 when it is taken)',
    body: CustomerAndUserSchema,
    responses: { 201: CreatedCustomerSchema },
    errors,
  }),
  silentLogin: defineEndpoint({
    method: 'POST',
    path: '/api/Authentication/SilentLogin',
    aliases: ['/api/Authentication/Login'],
    access: 'public',
    tags,
    summary: 'Start a login; a full session only right after a verified pin',
    body: SilentLoginSchema,
    responses: { 200: LoginResultSchema },
    // 403: a member of staff an organiser deactivated (decision 019).
    errors: [...errors, 403],
  }),
  requestPin: { email: requestPin('email'), whatsapp: requestPin('whatsapp') },
  verifyPin: { email: verifyPin('email'), whatsapp: verifyPin('whatsapp') },
  getCustomer: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id',
    access: 'customer',
    tags,
    summary: 'The logged-in customer',
    params: CustomerIdParamsSchema,
    responses: { 200: CustomerSchema },
    errors,
  }),
  requestContactPin: defineEndpoint({
    method: 'POST',
    path: '/api/Customers/:id/ContactPin',
    access: 'customer',
    tags,
    summary: 'Send a one-time pin to the account’s email or mobile number not proved yet',
    params: CustomerIdParamsSchema,
    body: ContactPinRequestSchema,
    responses: { 200: PinSentSchema },
    errors,
  }),
  verifyContactPin: defineEndpoint({
    method: 'PUT',
    path: '/api/Customers/:id/ContactPin',
    access: 'customer',
    tags,
    summary: 'Check a contact pin; true once for the right pin, which proves that address',
    params: CustomerIdParamsSchema,
    body: ContactPinCheckSchema,
    responses: { 200: z.boolean() },
    errors,
  }),
  updateCustomer: defineEndpoint({
    method: 'PUT',
    path: '/api/Customers/:id',
    access: 'customer',
    tags,
    summary: 'Update names and country (email and mobile number stay)',
    params: CustomerIdParamsSchema,
    body: UpdateCustomerSchema,
    responses: { 200: CustomerSchema },
    errors,
  }),
  setLanguage: defineEndpoint({
    method: 'PUT',
    path: '/api/Customers/:id/Language',
    access: 'customer',
    tags,
    summary: 'Set the language the account reads: what the server sends it is written in it',
    params: CustomerIdParamsSchema,
    body: AccountLanguageSchema,
    responses: { 200: AccountLanguageSchema },
    errors,
  }),
};
