import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { CustomerIdParamsSchema } from '../accounts/accounts.schema.ts';
import { OrderSchema } from '../cart/cart.schema.ts';
import {
  PaymentLinkEmailQuerySchema,
  PaymentLinkQuerySchema,
  PaymentLinkSchema,
} from '../checkout/checkout.schema.ts';

const tags = ['Payments'];
const errors = [400, 401, 404, 409] as const;
const OrderParams = z.object({ id: IdSchema });
/** A provider's page for one order, opened from the payment link (decision 006). */
const ProviderPageParams = z.object({ orderId: IdSchema });
const ProviderPageQuery = z.object({
  ref: text().max(64),
  email: text().max(254).default(''),
});

const page = { tags, hidden: true, errors: [] } as const;

/**
 * A provider's notification: a form whose raw text is kept (PayFast signs the fields in order),
 * so it has no body schema; the route checks its size, rate and shape before storing it.
 */
const notification = (provider: 'sandbox' | 'payfast') =>
  defineEndpoint({
    ...page,
    method: 'POST',
    path: `/api/payments/${provider}/notify`,
    access: 'signed',
    summary: `${provider} payment notification`,
    responses: { 200: null },
    produces: ['text/plain'],
    errors: [400, 413, 429],
  });

/** Spec 7 PaymentLink calls, My Orders, and the providers' pages and notifications. */
export const paymentsApi = {
  paymentLink: defineEndpoint({
    method: 'GET',
    path: '/api/Orders/:id/PaymentLink/:email',
    access: 'session',
    tags,
    summary: 'Check out: verify, price and freeze the order, then where to pay',
    params: OrderParams.extend({ email: text().max(254) }),
    query: PaymentLinkQuerySchema,
    responses: { 200: PaymentLinkSchema },
    errors,
  }),
  paymentLinkByEmail: defineEndpoint({
    method: 'GET',
    path: '/api/Orders/:id/payment-link-email',
    access: 'session',
    tags,
    summary: 'Check out (the same call with the email in the query)',
    params: OrderParams,
    query: PaymentLinkEmailQuerySchema,
    responses: { 200: PaymentLinkSchema },
    errors,
  }),
  customerOrders: defineEndpoint({
    method: 'GET',
    path: '/api/Customers/:id/Orders',
    access: 'customer',
    tags,
    summary: "The customer's orders (checked out or paid), newest first",
    params: CustomerIdParamsSchema,
    responses: { 200: z.array(OrderSchema) },
    errors,
  }),
  payPageStyles: defineEndpoint({
    ...page,
    method: 'GET',
    path: '/api/payments/pay.css',
    access: 'public',
    summary: "The pay pages' style sheet",
    responses: { 200: null },
    produces: ['text/css'],
  }),
  payPageScript: defineEndpoint({
    ...page,
    method: 'GET',
    path: '/api/payments/autosubmit.js',
    access: 'public',
    summary: 'Sends the PayFast form on its own',
    responses: { 200: null },
    produces: ['text/javascript'],
  }),
  sandboxPage: defineEndpoint({
    ...page,
    method: 'GET',
    path: '/api/payments/sandbox/:orderId',
    access: 'signed',
    summary: "The sandbox provider's pay page",
    params: ProviderPageParams,
    query: ProviderPageQuery,
    responses: { 200: null },
    produces: ['text/html'],
  }),
  sandboxPay: defineEndpoint({
    ...page,
    method: 'POST',
    path: '/api/payments/sandbox/:orderId/pay',
    access: 'signed',
    summary: 'Pay in the sandbox: a signed notification, then the confirmation page',
    params: ProviderPageParams,
    query: ProviderPageQuery.pick({ ref: true }),
    responses: { 303: null },
  }),
  sandboxCancel: defineEndpoint({
    ...page,
    method: 'POST',
    path: '/api/payments/sandbox/:orderId/cancel',
    access: 'public',
    summary: 'Cancel in the sandbox: back to checkout, which says the payment was cancelled',
    params: ProviderPageParams,
    responses: { 303: null },
  }),
  sandboxNotify: notification('sandbox'),
  payFastPage: defineEndpoint({
    ...page,
    method: 'GET',
    path: '/api/payments/payfast/:orderId',
    access: 'signed',
    summary: 'A signed form that takes the buyer to PayFast',
    params: ProviderPageParams,
    query: ProviderPageQuery,
    responses: { 200: null },
    produces: ['text/html'],
  }),
  payFastNotify: notification('payfast'),
};
