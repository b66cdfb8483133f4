import { z } from 'zod';
import { isValidEmail, isValidMobile } from '../accounts/accounts.rules.ts';
import { text } from '../api/text.schema.ts';
import { SUPPORT_TEXT } from './support.messages.ts';

/** The contact page's support ticket. `website` is a honeypot: people leave it empty. */
export const SupportTicketSchema = z.object({
  name: text().trim().min(1, SUPPORT_TEXT.id('name')).max(100),
  email: text().trim().max(254).refine(isValidEmail, SUPPORT_TEXT.id('email')),
  mobileNumber: text()
    .trim()
    .max(15)
    .default('')
    .refine((m) => m === '' || isValidMobile(m), SUPPORT_TEXT.id('mobile')),
  subject: text().trim().min(1, SUPPORT_TEXT.id('subject')).max(150),
  message: text().trim().min(10, SUPPORT_TEXT.id('message')).max(5000),
  website: text().max(200).default(''),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

export const SupportTicketCreatedSchema = z.object({ ticketNumber: z.string() });
