// The orders module's face (decision 010): its plugin, and what other modules may use of it.
export { default } from './orders.module.ts';
export { findEarlyEntry, letInEarly } from './early-entries.repository.ts';
export {
  findGroupMembers,
  findProfileSummaries,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository.ts';
export { orderNumber, type OrdersService } from './orders.service.ts';
export { asMember } from './orders.cart.ts';
export type { BatchEntry, BatchRefusal, BatchResult } from './orders.cart-batch.ts';
