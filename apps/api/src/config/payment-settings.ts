import { z } from 'zod';
import { booleanFlag } from './setting-fields.ts';

/** A payment provider's id ('payfast'), as providers/payment/registry.ts names it. */
const providerName = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, "a payment provider's name");

/** Payments: the providers and their credentials (decision 055); read by env.ts's schema. */
export const paymentSettings = {
  /**
   * The provider of new orders (decision 055): 'payfast': PayFast (its sandbox or live);
   * 'sandbox': a pay page of our own that moves no money (the local run's default; in production
   * only with ALLOW_SANDBOX_PAYMENTS). Required in production. A name that is no provider
   * (providers/payment/registry.ts) refuses to start.
   */
  PAYMENT_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), providerName.optional()),
  /**
   * Further providers enabled beside PAYMENT_PROVIDER, comma-separated ('payfast,other'): their
   * pages and notifications are served, and an order checked out with one is paid with it.
   */
  PAYMENT_PROVIDERS: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(providerName).default([]),
  ),
  /** Lets a production server take sandbox "payments" (a staging site); never for real entries. */
  ALLOW_SANDBOX_PAYMENTS: booleanFlag,
  PAYFAST_MERCHANT_ID: z.string().optional(),
  PAYFAST_MERCHANT_KEY: z.string().optional(),
  PAYFAST_PASSPHRASE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** https://sandbox.payfast.co.za for testing, https://www.payfast.co.za live. */
  PAYFAST_HOST: z.url().default('https://sandbox.payfast.co.za'),
};
