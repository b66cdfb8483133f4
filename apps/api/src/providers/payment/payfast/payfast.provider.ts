import { PAYMENT_CANCELLED_SEARCH, paths, paymentsApi } from '@eisteddfod/shared';
import {
  readFormPayment,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type PaymentProviderInfo,
} from '../provider.ts';
import {
  confirmWithPayFast,
  isNotificationSignatureValid,
  signedCheckoutFields,
  toRands,
} from './payfast.ts';
import { payFastRedirectPage } from './redirect-page.ts';

const info: PaymentProviderInfo = {
  id: 'payfast',
  displayName: 'PayFast',
  notificationFields: {
    orderId: 'm_payment_id',
    paymentId: 'pf_payment_id',
    amount: 'amount_gross',
    state: 'payment_status',
  },
  keptAfterErasure: [
    'm_payment_id',
    'pf_payment_id',
    'payment_status',
    'amount_gross',
    'amount_fee',
    'amount_net',
    'merchant_id',
  ],
};

/**
 * PayFast's custom integration (decision 006): a page with the signed checkout form that submits
 * itself to PAYFAST_HOST, and Instant Transaction Notifications that must carry our merchant id,
 * PayFast's signature with our passphrase, and PayFast's own VALID when asked.
 */
export const payfast: PaymentProviderDefinition = {
  ...info,
  create({ config }): PaymentProvider {
    const host = config.PAYFAST_HOST;
    return {
      ...info,
      endpoints: { page: paymentsApi.payFastPage, notify: paymentsApi.payFastNotify },
      checkoutPage({ order, customer, email, totalCents }) {
        const base = config.PUBLIC_URL;
        const fields = signedCheckoutFields(
          {
            merchant_id: config.PAYFAST_MERCHANT_ID ?? '',
            merchant_key: config.PAYFAST_MERCHANT_KEY ?? '',
            return_url: `${base}${paths.confirmation.href({ id: order.id })}`,
            cancel_url: `${base}${paths.checkout.href()}${PAYMENT_CANCELLED_SEARCH}`,
            notify_url: `${base}${paymentsApi.payFastNotify.path}`,
            name_first: customer.firstName,
            name_last: customer.surname,
            email_address: email || customer.email || '',
            m_payment_id: String(order.id),
            amount: toRands(totalCents),
            item_name: `Eisteddfod entries ${order.orderNumber}`,
          },
          config.PAYFAST_PASSPHRASE,
        );
        return { html: payFastRedirectPage(host, fields), formTarget: host };
      },
      async verifyNotification(pairs) {
        const merchant = pairs.find(([k]) => k === 'merchant_id')?.[1];
        if (!isNotificationSignatureValid(pairs, config.PAYFAST_PASSPHRASE)) return 'bad_signature';
        if (merchant !== config.PAYFAST_MERCHANT_ID) return 'wrong_merchant';
        return (await confirmWithPayFast(host, pairs)) ? 'verified' : 'not_confirmed';
      },
      readPayment: (pairs) => readFormPayment(info, pairs, 'COMPLETE'),
    };
  },
};
