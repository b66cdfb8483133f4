import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { SectionSchema } from '../catalogue/catalogue.schema.ts';
import { GroupParticipantSchema } from '../contestants/contestants.schema.ts';

const OrderStatusSchema = z.enum(['cart', 'awaiting_payment', 'paid', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Spec 3, Order item, with what the server works out (price, deadline, group state). */
export const OrderItemSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  itemId: z.number().int(),
  participantProfileId: z.number().int(),
  participantProfile: z.object({
    id: z.number().int(),
    firstName: z.string(),
    surname: z.string(),
    grade: z.string(),
    school: z.string(),
  }),
  participantFirstName: z.string(),
  participantSurname: z.string(),
  groupName: z.string().nullable(),
  instruments: z.string(),
  groupParticipants: z.array(GroupParticipantSchema),
  itemCode: z.string(),
  itemShortDescription: z.string(),
  /** In cents: the item's fee, or the group fee for the current number of members. */
  price: z.number().int(),
  itemDueDate: z.iso.date(),
  itemCategoryId: z.number().int(),
  isGroupItem: z.boolean(),
  minimumParticipants: z.number().int(),
  maximumParticipants: z.number().int(),
  deadlinePassed: z.boolean(),
  /** A group item below its minimum or with an incomplete row. */
  groupInformationNeeded: z.boolean(),
  /**
   * Why the contestant, or a group member, may not enter this item (issue 32: outside its
   * grades); null when they may. Checkout refuses a cart that has one. A message by its id
   * (decision 057): each side says it in its reader's language.
   */
  gradeProblem: z
    .object({
      id: z.string(),
      values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable(),
  isCancelled: z.boolean(),
  isSubmittedForMarking: z.boolean(),
  item: z.object({
    code: z.string(),
    shortDescription: z.string(),
    description: z.string(),
    dueDate: z.iso.date(),
    categoryId: z.number().int(),
    isGroupItem: z.boolean(),
    requiresAnInstrument: z.boolean(),
    category: z.object({ id: z.number().int(), name: z.string(), section: SectionSchema }),
  }),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** Spec 3, Order (a cart until checkout). Money in cents. */
export const OrderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  customerId: z.number().int(),
  eventId: z.number().int(),
  status: OrderStatusSchema,
  sendWhatsAppConfirmation: z.boolean(),
  isImported: z.boolean(),
  totalPrice: z.number().int(),
  completedDateTime: z.iso.datetime().nullable(),
  orderItems: z.array(OrderItemSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /api/Orders: the customer's open cart for the event (made when there is none). */
export const CreateOrderSchema = z.object({
  customerId: IdSchema,
  eventId: IdSchema.optional(),
  sendWhatsAppConfirmation: z.boolean().default(false),
  isImported: z.boolean().default(false),
  orderItems: z.array(z.unknown()).max(0, 'Add items one at a time').default([]),
});

/** POST /api/Orders/{id}/OrderItems (spec 7). */
export const AddOrderItemSchema = z.object({
  itemId: IdSchema,
  participantProfileId: IdSchema,
  groupName: text().trim().max(100).nullish(),
  instruments: text().trim().max(60).nullish(),
  groupParticipant: z.unknown().optional(),
});
export type AddOrderItem = z.infer<typeof AddOrderItemSchema>;

const memberText = text().trim().max(100);
/** POST /api/OrderItems/{id}/UpdateGroupParticipants: every member of the group, in order. */
export const GroupParticipantsUpdateSchema = z
  .array(
    z.object({
      orderItemId: IdSchema.optional(),
      firstName: memberText,
      surname: memberText,
      school: memberText,
      gender: text().trim().max(10),
      grade: text().trim().max(2),
    }),
  )
  .max(200);

export const OrderIdParamsSchema = z.object({ id: IdSchema });
export const OrderItemParamsSchema = z.object({
  id: IdSchema,
  orderItemId: IdSchema,
});
export const CreatedIdSchema = z.object({ id: z.number().int() });
