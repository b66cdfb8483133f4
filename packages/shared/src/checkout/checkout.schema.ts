import { z } from 'zod';
import { IdSchema, UuidSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';

/** GET /api/Orders/{id}/PaymentLink/{email}?sendWhatsAppConfirmation: where to send the buyer. */
export const PaymentLinkSchema = z.object({ link: z.string() });

export const PaymentLinkQuerySchema = z.object({
  sendWhatsAppConfirmation: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const PaymentLinkEmailQuerySchema = PaymentLinkQuerySchema.extend({
  email: text().trim().max(254),
});

/** PUT /api/OrderItems/{id}: change the item (View Order), or finalise for marking (uploads). */
export const UpdateOrderItemSchema = z.object({
  itemId: IdSchema.optional(),
  /** The entry's video collection (its guid), as the uploads portal links them. */
  externalCollectionId: UuidSchema.nullish(),
  submittedForMarking: z.boolean().optional(),
});
export type UpdateOrderItem = z.infer<typeof UpdateOrderItemSchema>;
