import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddOrderItemSchema,
  ApiErrorSchema,
  CreateOrderSchema,
  GroupParticipantsUpdateSchema,
  OrderIdParamsSchema,
  OrderItemParamsSchema,
  OrderItemSchema,
  OrderSchema,
  UpdateOrderItemSchema,
} from '@eisteddfod/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';

const tags = ['Orders'];
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** Spec 7, "Orders" and the group participants call of "Order items". */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.orders;

  app.post(
    '/api/Orders',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: "The customer's open cart for the event (created when there is none)",
        body: CreateOrderSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      if (req.body.customerId !== customerId) {
        throw badRequest('CUSTOMER_MISMATCH', 'A cart belongs to the logged-in customer.');
      }
      const eventId = req.body.eventId ?? (await app.catalogue.currentEventId());
      if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', 'No event has been set up yet');
      return orders.openCart(customerId, eventId);
    },
  );

  app.get(
    '/api/Orders/:id',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A cart or order with its items',
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      return orders.getOrder(customerId, req.params.id);
    },
  );

  const addItem = {
    config: { access: 'session' as const },
    schema: {
      tags,
      summary: 'Add an item for a contestant to the cart',
      params: OrderIdParamsSchema,
      body: AddOrderItemSchema,
      response: { 201: OrderItemSchema, ...errors },
    },
  };
  for (const path of ['/api/Orders/:id/OrderItems', '/api/Orders/:id/order-items']) {
    app.post(path, addItem, async (req, reply) => {
      const { customerId } = callerOf(req);
      return reply.code(201).send(await orders.addItemToCart(customerId, req.params.id, req.body));
    });
  }

  const removeItem = {
    config: { access: 'session' as const },
    schema: {
      tags,
      summary: 'Remove an item from the cart',
      params: OrderItemParamsSchema,
      response: { 204: z.null(), ...errors },
    },
  };
  for (const path of [
    '/api/Orders/:id/OrderItems/:orderItemId',
    '/api/Orders/:id/order-items/:orderItemId',
  ]) {
    app.delete(path, removeItem, async (req, reply) => {
      const { customerId } = callerOf(req);
      await orders.removeItemFromCart(customerId, req.params.id, req.params.orderItemId);
      return reply.code(204).send(null);
    });
  }

  app.put(
    '/api/OrderItems/:id',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          'Change the item of an entry (same section and kind, until its due date), record its video collection, or finalise it (submittedForMarking)',
        params: OrderIdParamsSchema,
        body: UpdateOrderItemSchema,
        response: { 200: OrderItemSchema, ...errors },
      },
    },
    async (req) => {
      const { customerId } = callerOf(req);
      const { submittedForMarking, ...change } = req.body;
      // Spec 4, Finalising: the uploads portal's rules decide (modules/uploads).
      if (submittedForMarking) await app.entries.finalise(customerId, req.params.id);
      return orders.changeEntryItem(customerId, req.params.id, change);
    },
  );

  const updateMembers = {
    config: { access: 'session' as const },
    schema: {
      tags,
      summary: 'Replace the members of a group entry',
      params: OrderIdParamsSchema,
      body: GroupParticipantsUpdateSchema,
      response: { 200: OrderItemSchema, ...errors },
    },
  };
  for (const path of [
    '/api/OrderItems/:id/UpdateGroupParticipants',
    '/api/OrderItems/:id/update-group-participants',
  ]) {
    app.post(path, updateMembers, async (req) => {
      const { customerId } = callerOf(req);
      const members = req.body.map(({ firstName, surname, school, gender, grade }) => ({
        firstName,
        surname,
        school,
        gender,
        grade,
      }));
      return orders.updateGroupParticipants(customerId, req.params.id, members);
    });
  }
};
