import { ordersApi, type Order } from '@eisteddfod/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { readStored, removeStored, storedCustomerId, writeStored } from '../../../lib/storage.ts';

export const cartQueryKey = (customerId: number) => ['cart', customerId] as const;

/** A cart or an order, with its items. */
export function fetchOrder(orderId: number, signal?: AbortSignal) {
  return callApi(ordersApi.getOrder, { params: { id: orderId }, signal });
}

/** The customer's open cart, made when there is none (the server is idempotent). */
function createCart(customerId: number, signal?: AbortSignal) {
  return callApi(ordersApi.openCart, { body: { customerId, orderItems: [] }, signal });
}

/**
 * Spec 4, "Cart": the stored cart is reloaded by its id; when it is gone (404) or was checked out
 * meanwhile, it is discarded and the customer's open cart is asked for, and its id stored.
 */
export async function openCart(customerId: number, signal?: AbortSignal): Promise<Order> {
  const storedId = Number(readStored('cart'));
  if (Number.isInteger(storedId) && storedId > 0) {
    try {
      const order = await fetchOrder(storedId, signal);
      if (order.status === 'cart' && order.customerId === customerId) return order;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
    }
    removeStored('cart');
  }
  const cart = await createCart(customerId, signal);
  writeStored('cart', String(cart.id));
  return cart;
}

export const cartQuery = (customerId: number) =>
  queryOptions({
    queryKey: cartQueryKey(customerId),
    queryFn: ({ signal }) => openCart(customerId, signal),
    // Reloaded whenever a browsing screen opens (spec 4); on screen meanwhile it stays put.
    staleTime: 0,
  });

/**
 * The open cart. The screen's cart drawer reloads it on opening; the many item cards that only
 * read it pass `reload: false`, so paging through items does not ask for the cart again.
 */
export function useCart({ reload = true }: { reload?: boolean } = {}) {
  const customerId = storedCustomerId();
  return useQuery({ ...cartQuery(customerId), enabled: customerId > 0, refetchOnMount: reload });
}
