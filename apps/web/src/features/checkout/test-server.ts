import type { Customer, Order } from '@eisteddfod/shared';
import type { MockAnswer, MockRequest } from '../../test/api-mock.ts';
import { CUSTOMER_ID, browsingServer } from '../../test/catalogue-server.ts';

/** Fixtures and a fake API for the checkout and order tests (not part of the app bundle). */

export function makeCustomer(change: Partial<Customer> = {}): Customer {
  return {
    customerId: CUSTOMER_ID,
    firstName: 'Thandi',
    surname: 'Nkosi',
    email: 'thandi@example.org',
    mobileNumber: '0821234567',
    country: 'South Africa',
    emailVerified: true,
    mobileNumberVerified: true,
    ...change,
  };
}

/** The browsing API with the logged-in customer; `answer` may handle a request first. */
export function checkoutServer(options: {
  cart?: Order;
  customer?: Customer;
  answer?: (request: MockRequest) => MockAnswer | undefined;
}) {
  const customer = options.customer ?? makeCustomer();
  return browsingServer({
    cart: options.cart,
    answer: (request) => {
      const own = options.answer?.(request);
      if (own) return own;
      if (request.method === 'GET' && request.path === `/api/Customers/${CUSTOMER_ID}`) {
        return [200, customer];
      }
      return undefined;
    },
  });
}
