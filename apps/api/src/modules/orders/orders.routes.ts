import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_TEXT, EVENT_TEXT, ordersApi } from '@eisteddfod/shared';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { callerOf } from '../../plugins/access.ts';
import { serve } from '../../plugins/endpoints.ts';

/** Spec 7, "Orders" and the group participants call of "Order items". */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = app.orders;

  serve(app, ordersApi.openCart, async (req) => {
    const { customerId } = callerOf(req);
    if (req.body.customerId !== customerId) {
      throw badRequest('CUSTOMER_MISMATCH', CART_TEXT.say('notYourCart'));
    }
    const eventId = await app.catalogue.currentEventId();
    if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventYet'));
    // Only the event families see takes entries: not next year's copy an organiser is still
    // setting up, nor an earlier one (its orders stay readable).
    if (req.body.eventId !== undefined && req.body.eventId !== eventId)
      throw new AppError(409, 'EVENT_NOT_OPEN', CART_TEXT.say('currentEventOnly'));
    return orders.openCart(customerId, eventId);
  });

  serve(app, ordersApi.getOrder, async (req) => {
    const { customerId } = callerOf(req);
    return orders.getOrder(customerId, req.params.id);
  });

  serve(app, ordersApi.addItem, async (req, reply) => {
    const { customerId } = callerOf(req);
    return reply.code(201).send(await orders.addItemToCart(customerId, req.params.id, req.body));
  });

  serve(app, ordersApi.removeItem, async (req, reply) => {
    const { customerId } = callerOf(req);
    await orders.removeItemFromCart(customerId, req.params.id, req.params.orderItemId);
    return reply.code(204).send(null);
  });

  serve(app, ordersApi.updateItem, async (req) => {
    const { customerId } = callerOf(req);
    const { submittedForMarking, ...change } = req.body;
    // Spec 4, Finalising: the uploads portal's rules decide (modules/uploads).
    if (submittedForMarking) await app.entries.finalise(customerId, req.params.id);
    return orders.changeEntryItem(customerId, req.params.id, change);
  });

  serve(app, ordersApi.updateGroupParticipants, async (req) => {
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
};
