import { createHmac } from 'node:crypto';
import { defineEndpoint, endpointUrl, IdSchema } from '@eisteddfod/shared';
import { z } from 'zod';
import { isSameSecretText } from '../../lib/same-text.ts';
import {
  readFormPayment,
  type PaymentProviderDefinition,
  type PaymentProviderInfo,
} from './provider.ts';

/**
 * A provider that exists only in tests (decision 055's probe): what a second real provider is,
 * in one file. Its fields are named unlike PayFast's, so nothing can be reading PayFast's names
 * and pass by chance. Its "bank" is the test (stubNotification).
 */
const STUB_KEY = 'the stub bank key';

const info: PaymentProviderInfo = {
  id: 'stub',
  displayName: 'Stub Pay',
  notificationFields: { orderId: 'order_ref', paymentId: 'txn', amount: 'rands', state: 'state' },
  keptAfterErasure: ['order_ref', 'txn', 'rands', 'state'],
};

const endpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/api/payments/stub/:orderId',
    access: 'signed',
    summary: "The stub provider's page",
    tags: ['Payments'],
    hidden: true,
    params: z.object({ orderId: IdSchema }),
    query: z.object({ ref: z.string().max(64), email: z.string().max(254).default('') }),
    responses: { 200: null },
    produces: ['text/html'],
    errors: [],
  }),
  notify: defineEndpoint({
    method: 'POST',
    path: '/api/payments/stub/notify',
    access: 'signed',
    summary: 'stub payment notification',
    tags: ['Payments'],
    hidden: true,
    responses: { 200: null },
    produces: ['text/plain'],
    errors: [400, 413, 429],
  }),
};

const mac = (fields: [string, string][]) =>
  createHmac('sha256', STUB_KEY).update(new URLSearchParams(fields).toString()).digest('hex');

/** The stub bank's notification of a payment: signed as the provider would sign it. */
export function stubNotification(fields: [string, string][]): string {
  return new URLSearchParams([...fields, ['signature', mac(fields)]]).toString();
}

export const stubProvider: PaymentProviderDefinition = {
  ...info,
  create: () => ({
    ...info,
    endpoints,
    checkoutPage: ({ order, totalCents, ref }) => ({
      html: `<!doctype html><title>Stub Pay</title><p>Pay ${totalCents} for ${order.orderNumber}</p><a href="${endpointUrl(endpoints.page, { orderId: order.id }, { ref })}">again</a>`,
    }),
    async verifyNotification(pairs) {
      const unsigned = pairs.filter(([k]) => k !== 'signature');
      const given = pairs.find(([k]) => k === 'signature')?.[1] ?? '';
      return isSameSecretText(given, mac(unsigned)) ? 'verified' : 'bad_signature';
    },
    readPayment: (pairs) => readFormPayment(info, pairs, 'PAID'),
  }),
};
