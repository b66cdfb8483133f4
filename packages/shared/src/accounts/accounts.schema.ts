import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { ACCOUNT_TEXT } from './accounts.messages.ts';
import { isValidEmail, isValidMobile, PIN_LENGTH } from './accounts.rules.ts';
import { COUNTRIES } from '../reference/countries.ts';

const countryName = text().refine(
  (name) => COUNTRIES.some((c) => c.name === name),
  ACCOUNT_TEXT.id('country'),
);
const name = text().trim().min(1, ACCOUNT_TEXT.id('nameRequired')).max(100);

/** Spec 3, Customer. */
export const CustomerSchema = z.object({
  customerId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  country: z.string(),
  /**
   * Whether the family proved each detail with a pin (decision 031); nothing is sent to one it
   * has not. Absent (an older server) reads as not proved.
   */
  emailVerified: z.boolean().default(false),
  mobileNumberVerified: z.boolean().default(false),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** The account's contact details a family can prove with a pin on My Profile (decision 031). */
export const ContactSchema = z.enum(['email', 'mobileNumber']);
export type Contact = z.infer<typeof ContactSchema>;

/**
 * Spec 3, CustomerAndUser: the registration payload. One of email or mobile number is the login
 * identifier; an empty string means "not given".
 */
export const CustomerAndUserSchema = z
  .object({
    firstName: name,
    surname: name,
    email: text()
      .trim()
      .default('')
      .refine((e) => e === '' || isValidEmail(e), ACCOUNT_TEXT.id('invalidEmail')),
    mobileNumber: text()
      .trim()
      .default('')
      .refine((m) => m === '' || isValidMobile(m), ACCOUNT_TEXT.id('invalidMobile')),
    country: countryName,
  })
  .refine((c) => c.email !== '' || c.mobileNumber !== '', {
    message: ACCOUNT_TEXT.id('invalidEmail'),
    path: ['email'],
  });
export type CustomerAndUser = z.infer<typeof CustomerAndUserSchema>;

export const CreatedCustomerSchema = z.object({ customerId: z.number().int() });

/** PUT /api/Customers/{id}: email and mobile number may be sent but never change. */
export const UpdateCustomerSchema = z.object({
  firstName: name,
  surname: name,
  country: countryName,
  email: text().nullish(),
  mobileNumber: text().nullish(),
});
export type UpdateCustomer = z.infer<typeof UpdateCustomerSchema>;

/** The language an account reads (decision 069): one the product speaks. */
export const AccountLanguageSchema = z.object({
  language: z.enum(LOCALES as [Locale, ...Locale[]]),
});
export type AccountLanguage = z.infer<typeof AccountLanguageSchema>;

/** Spec 3, silent login payload: the password is always the literal 'none'. */
export const SilentLoginSchema = z.object({
  username: text().trim().min(1, ACCOUNT_TEXT.id('emptyLogin')).max(254),
  password: text().max(100).optional(),
  isMobile: z.boolean().default(false),
});

/**
 * scope 'pin' may only request and verify a pin; 'session' is a full login, issued only after a
 * pin was verified (docs/decisions/004-passwordless-sessions.md).
 */
export const LoginResultSchema = z.object({
  token: z.string(),
  customerId: z.number().int(),
  scope: z.enum(['pin', 'session']),
  expiresAt: z.iso.datetime(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const PinSentSchema = z.object({
  channel: z.enum(['email', 'whatsapp']),
  /** The address or number, partly hidden. */
  sentTo: z.string(),
  resendAfterSeconds: z.number().int(),
});
export type PinSent = z.infer<typeof PinSentSchema>;

export const PinQuerySchema = z.object({
  pin: text()
    .trim()
    .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), `The pin is ${PIN_LENGTH} digits`),
});

/**
 * A mobile number to add to an account that has none proved (decision 050), typed as
 * registration takes it: the pin goes to it, and it is stored once the pin comes back.
 */
const newMobileNumber = text()
  .trim()
  .refine(isValidMobile, ACCOUNT_TEXT.id('invalidMobile'))
  .optional();
const onlyForAMobile = {
  message: 'A new number is only for the contact mobileNumber',
  path: ['mobileNumber'],
};

/**
 * My Profile proves the account's own detail (decision 031); the checkout may send a
 * `mobileNumber` to prove and add (decision 050).
 */
export const ContactPinRequestSchema = z
  .object({ contact: ContactSchema, mobileNumber: newMobileNumber })
  .refine((r) => r.mobileNumber === undefined || r.contact === 'mobileNumber', onlyForAMobile);
/** The pin, and the number it was sent to when one was added (decision 050). */
export const ContactPinCheckSchema = z
  .object({
    contact: ContactSchema,
    pin: PinQuerySchema.shape.pin,
    mobileNumber: newMobileNumber,
  })
  .refine((r) => r.mobileNumber === undefined || r.contact === 'mobileNumber', onlyForAMobile);

export const CustomerSearchQuerySchema = z
  .object({ email: text().trim().optional(), mobileNumber: text().trim().optional() })
  .refine((q) => Boolean(q.email || q.mobileNumber), {
    message: 'Give an email or a mobile number',
    path: ['email'],
  });

export const UsernameQuerySchema = z.object({
  username: text().trim().min(1).max(254),
  isMobile: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** What anonymous lookups reveal: whether an account exists, nothing about it. */
export const AccountExistsSchema = z.object({ exists: z.literal(true) });

export const CustomerIdParamsSchema = z.object({ id: IdSchema });

export const OutboxMessageSchema = z.object({
  to: z.string(),
  channel: z.enum(['email', 'whatsapp']),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
});
