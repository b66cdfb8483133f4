import { createHmac, randomUUID } from 'node:crypto';
import { endpointUrl, paymentsApi } from '@eisteddfod/shared';
import { isSameSecretText } from '../../../lib/same-text.ts';
import {
  readFormPayment,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type PaymentProviderInfo,
} from '../provider.ts';
import { sandboxPayPage } from './pay-page.ts';

const info: PaymentProviderInfo = {
  id: 'sandbox',
  displayName: 'Sandbox',
  // PayFast's names: the sandbox's notifications were made like PayFast's from the start, and
  // the kept ones read so (decision 020).
  notificationFields: {
    orderId: 'm_payment_id',
    paymentId: 'pf_payment_id',
    amount: 'amount_gross',
    state: 'payment_status',
  },
  keptAfterErasure: ['m_payment_id', 'pf_payment_id', 'payment_status', 'amount_gross'],
};

/**
 * The built-in sandbox (decision 006): a pay page of our own with Pay and Cancel; Pay makes a
 * notification signed with an HMAC of the server secret, which goes through the same checks and
 * crediting as a real provider's. No money moves: config/env.ts enables it in production only
 * with ALLOW_SANDBOX_PAYMENTS.
 */
export const sandbox: PaymentProviderDefinition = {
  ...info,
  create({ config, secret }): PaymentProvider {
    // Off (production without ALLOW_SANDBOX_PAYMENTS, or another provider chosen), a sandbox
    // notification kept from when it was on is never trusted: no money moved for it.
    const takingPayments = config.paymentProviders.includes(info.id);
    const mac = (text: string) =>
      createHmac('sha256', `${secret}:sandbox`).update(text).digest('hex');
    const sign = (fields: [string, string][]): [string, string][] => [
      ...fields,
      ['signature', mac(new URLSearchParams(fields).toString())],
    ];
    return {
      ...info,
      endpoints: {
        page: paymentsApi.sandboxPage,
        notify: paymentsApi.sandboxNotify,
        pay: paymentsApi.sandboxPay,
        cancel: paymentsApi.sandboxCancel,
      },
      checkoutPage({ order, totalCents, ref }) {
        const params = { orderId: order.id };
        return {
          html: sandboxPayPage(order, totalCents, {
            pay: endpointUrl(paymentsApi.sandboxPay, params, { ref }),
            cancel: endpointUrl(paymentsApi.sandboxCancel, params, { ref }),
          }),
        };
      },
      async verifyNotification(pairs) {
        if (!takingPayments) return 'not_confirmed';
        const unsigned = pairs.filter(([k]) => k !== 'signature');
        const given = pairs.find(([k]) => k === 'signature')?.[1] ?? '';
        const expected = mac(new URLSearchParams(unsigned).toString());
        return isSameSecretText(given, expected) ? 'verified' : 'bad_signature';
      },
      readPayment: (pairs) => readFormPayment(info, pairs, 'COMPLETE'),
      signNotification: sign,
      // The sandbox "bank": the notification PayFast would send after a card payment.
      ownNotification: (orderId, totalCents) =>
        sign([
          ['m_payment_id', String(orderId)],
          ['pf_payment_id', `SBX-${randomUUID()}`],
          ['payment_status', 'COMPLETE'],
          ['amount_gross', (totalCents / 100).toFixed(2)],
        ]),
    };
  },
};
