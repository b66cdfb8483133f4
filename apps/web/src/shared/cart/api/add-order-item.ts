import { ordersApi, type AddOrderItem } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/** Adds an item to the cart: 201 with the new order item, priced by the server. */
export function addOrderItem(orderId: number, entry: AddOrderItem) {
  return callApi(ordersApi.addItem, { params: { id: orderId }, body: entry });
}
