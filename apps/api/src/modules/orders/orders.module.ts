import fp from 'fastify-plugin';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService, type OrdersService } from './orders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Carts and orders: items entered for contestants, priced by the server (spec 4, 7). */
export default fp(
  async (app) => {
    app.decorate(
      'orders',
      createOrdersService({
        db: app.db,
        catalogue: app.catalogue,
        contestants: app.contestants,
        now: app.now,
      }),
    );
    await app.register(ordersRoutes);
  },
  // PUT /api/OrderItems/:id also finalises an entry, by the uploads module's rules.
  { name: 'orders', dependencies: ['core', 'catalogue', 'contestants', 'uploads'] },
);
