import { IdSchema, type Endpoint, type Order } from '@eisteddfod/shared';
import type { z } from 'zod';
import type { Config } from '../../config/env.ts';

/**
 * A payment provider (decision 055): one folder per provider under providers/payment/, one line
 * in registry.ts. The payments module talks to providers only through this interface, keyed by
 * the id stored with each order, payment and notification; a provider never touches the
 * database: crediting is the payments module's one path (decision 020).
 */

/** What a provider's notification says once its checks passed: every provider's common shape. */
export interface VerifiedPayment {
  provider: string;
  providerPaymentId: string;
  orderId: number;
  amountCents: number;
  isComplete: boolean;
  payload: Record<string, string>;
}

/** A notification's checks: passed, or which failed (payments' outcomes of the same names). */
export type NotificationCheck = 'verified' | 'bad_signature' | 'wrong_merchant' | 'not_confirmed';

/**
 * The names of the fields of a provider's notifications (a form): the ledger reads them from the
 * kept body (decision 020) and an erasure finds a family's notifications by the order id.
 */
export interface NotificationFields {
  orderId: string;
  paymentId: string;
  amount: string;
  state: string;
}

/** What is known of a provider without its settings: its name and how its notifications read. */
export interface PaymentProviderInfo {
  /** Stored with each order, payment and notification ('payfast'): the registry's key. */
  readonly id: string;
  /** How staff screens and the ledger's words name it ('PayFast'). */
  readonly displayName: string;
  readonly notificationFields: NotificationFields;
  /** The fields of its notifications that name nobody: all an erasure keeps (decision 024). */
  readonly keptAfterErasure: readonly string[];
}

/** A frozen order whose payment link's reference matched: what a provider's page shows. */
export interface PayableOrder {
  order: Order;
  customer: { firstName: string; surname: string; email: string | null };
  totalCents: number;
  /** The payment link's reference and the email given at checkout. */
  ref: string;
  email: string;
}

/** A provider's page for one order, as the payments module serves it. */
export interface ProviderPage {
  html: string;
  /** The other site the page's form posts to: the page's CSP form-action allows it. */
  formTarget?: string;
}

type OrderParams = z.ZodType<{ orderId: number }>;
type PageEndpoint = Endpoint & {
  method: 'GET';
  params: OrderParams;
  query: z.ZodType<{ ref: string; email: string }>;
};
type PayEndpoint = Endpoint & {
  method: 'POST';
  params: OrderParams;
  query: z.ZodType<{ ref: string }>;
};
type CancelEndpoint = Endpoint & { method: 'POST'; params: OrderParams };

/** Where a provider is reached: its routes, each defined by an endpoint (decision 010). */
export interface ProviderEndpoints {
  /** The page the payment link opens (a pay page of our own, or a form to the provider). */
  page: PageEndpoint;
  /** Where the provider posts its notifications. */
  notify: Endpoint & { method: 'POST' };
  /** A pay page of our own: its Pay button, which posts `ownNotification` (the sandbox). */
  pay?: PayEndpoint;
  /** Its Cancel button: back to checkout, which says the payment was cancelled. */
  cancel?: CancelEndpoint;
}

export interface PaymentProvider extends PaymentProviderInfo {
  readonly endpoints: ProviderEndpoints;
  /** Creates the payment: the page for a frozen order (its fields, signed where needed). */
  checkoutPage(payable: PayableOrder): ProviderPage;
  /**
   * Checks a stored notification: its signature, and what else the provider offers (its
   * merchant, a confirmation asked of its server). Throws when it cannot be checked now: the
   * notification is retried.
   */
  verifyNotification(pairs: [string, string][]): Promise<NotificationCheck>;
  /** The common shape, or undefined when its order id, amount or payment id is unreadable. */
  readPayment(pairs: [string, string][]): VerifiedPayment | undefined;
  /** The signed notification a pay page of our own posts when Pay is pressed. */
  ownNotification?(orderId: number, totalCents: number): [string, string][];
  /** Signs a notification's fields: only a provider whose notifications are ours (the sandbox). */
  signNotification?(fields: [string, string][]): [string, string][];
}

/** What a provider is built from: the settings (config/env.ts reads them) and the secret. */
export interface ProviderSettings {
  config: Config;
  secret: string;
}

/** A registry entry: what is known without settings, and how to build the provider. */
export interface PaymentProviderDefinition extends PaymentProviderInfo {
  create(settings: ProviderSettings): PaymentProvider;
}

/** A notification form's fields in the order they arrived (the order its signature was made in). */
export function parseNotification(body: string): [string, string][] {
  return [...new URLSearchParams(body).entries()];
}

/** Amounts in rands with at most two decimals ('160.00'). */
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The common fields of a form notification, read by the provider's field names, or undefined
 * when its order id or amount is not one (NaN, an id past PostgreSQL's integers).
 */
export function readFormPayment(
  provider: PaymentProviderInfo,
  pairs: [string, string][],
  completeState: string,
): VerifiedPayment | undefined {
  const names = provider.notificationFields;
  const field = (name: string) => pairs.find(([k]) => k === name)?.[1] ?? '';
  const orderId = IdSchema.safeParse(field(names.orderId));
  const amount = field(names.amount);
  const providerPaymentId = field(names.paymentId);
  if (!orderId.success || !AMOUNT.test(amount) || providerPaymentId === '') return undefined;
  return {
    provider: provider.id,
    providerPaymentId,
    orderId: orderId.data,
    amountCents: Math.round(Number(amount) * 100),
    isComplete: field(names.state) === completeState,
    payload: Object.fromEntries(pairs),
  };
}
