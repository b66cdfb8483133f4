import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';

/** GET /api/Orders/{id}/PaymentLink/{email}?sendWhatsAppConfirmation: where to send the buyer. */
export const PaymentLinkSchema = z.object({ link: z.string() });

export const PaymentLinkQuerySchema = z.object({
  sendWhatsAppConfirmation: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const PaymentLinkEmailQuerySchema = PaymentLinkQuerySchema.extend({
  email: z.string().trim().max(254),
});

/** PUT /api/OrderItems/{id}: change the item (View Order), or finalise for marking (uploads). */
export const UpdateOrderItemSchema = z.object({
  itemId: IdSchema.optional(),
  externalCollectionId: z.string().max(100).nullish(),
  submittedForMarking: z.boolean().optional(),
});
export type UpdateOrderItem = z.infer<typeof UpdateOrderItemSchema>;
