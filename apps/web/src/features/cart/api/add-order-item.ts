import { OrderItemSchema, type AddOrderItem } from '@eisteddfod/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/Orders/{id}/OrderItems: 201 with the new order item, priced by the server. */
export function addOrderItem(orderId: number, entry: AddOrderItem) {
  return apiRequest(`/api/Orders/${orderId}/OrderItems`, OrderItemSchema, {
    method: 'POST',
    body: entry,
  });
}
