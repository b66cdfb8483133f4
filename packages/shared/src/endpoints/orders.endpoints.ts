import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint.ts';
import {
  AddOrderItemSchema,
  CreateOrderSchema,
  GroupParticipantsUpdateSchema,
  OrderIdParamsSchema,
  OrderItemParamsSchema,
  OrderItemSchema,
  OrderSchema,
} from '../cart/cart.schema.ts';
import { UpdateOrderItemSchema } from '../checkout/checkout.schema.ts';

const tags = ['Orders'];
const errors = [400, 401, 404, 409] as const;

/** Spec 7, "Orders" and the order-item calls of the cart and the uploads portal. */
export const ordersApi = {
  openCart: defineEndpoint({
    method: 'POST',
    path: '/api/Orders',
    access: 'session',
    tags,
    summary: "The customer's open cart for the event (created when there is none)",
    body: CreateOrderSchema,
    responses: { 200: OrderSchema },
    errors,
  }),
  getOrder: defineEndpoint({
    method: 'GET',
    path: '/api/Orders/:id',
    access: 'session',
    tags,
    summary: 'A cart or order with its items',
    params: OrderIdParamsSchema,
    responses: { 200: OrderSchema },
    errors,
  }),
  addItem: defineEndpoint({
    method: 'POST',
    path: '/api/Orders/:id/OrderItems',
    aliases: ['/api/Orders/:id/order-items'],
    access: 'session',
    tags,
    summary: 'Add an item for a contestant to the cart',
    params: OrderIdParamsSchema,
    body: AddOrderItemSchema,
    responses: { 201: OrderItemSchema },
    errors,
  }),
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: '/api/Orders/:id/OrderItems/:orderItemId',
    aliases: ['/api/Orders/:id/order-items/:orderItemId'],
    access: 'session',
    tags,
    summary: 'Remove an item from the cart',
    params: OrderItemParamsSchema,
    responses: { 204: z.null() },
    errors,
  }),
  updateItem: defineEndpoint({
    method: 'PUT',
    path: '/api/OrderItems/:id',
    access: 'session',
    tags,
    summary:
      'Change the item of an entry (same section and kind, until its due date), record its video collection, or finalise it (submittedForMarking)',
    params: OrderIdParamsSchema,
    body: UpdateOrderItemSchema,
    responses: { 200: OrderItemSchema },
    errors,
  }),
  updateGroupParticipants: defineEndpoint({
    method: 'POST',
    path: '/api/OrderItems/:id/UpdateGroupParticipants',
    aliases: ['/api/OrderItems/:id/update-group-participants'],
    access: 'session',
    tags,
    summary: 'Replace the members of a group entry',
    params: OrderIdParamsSchema,
    body: GroupParticipantsUpdateSchema,
    responses: { 200: OrderItemSchema },
    errors,
  }),
};
