import type { PaymentProvider, PaymentProviderInfo, ProviderSettings } from './provider.ts';
import { PAYMENT_PROVIDERS } from './registry.ts';

/** The providers of one server, by id. */
export interface PaymentProviders {
  /** Any known provider: a kept notification of one no longer enabled is still checked by it. */
  get(id: string): PaymentProvider | undefined;
  /** The providers this server takes new payments with (configuration), the default first. */
  readonly enabled: readonly PaymentProvider[];
  /** The provider of a new order: PAYMENT_PROVIDER. */
  readonly default: PaymentProvider;
}

/**
 * Builds every known provider and picks the enabled ones (`config.paymentProviders`). A name
 * that is no provider refuses to start, like any other wrong setting.
 */
export function createPaymentProviders(settings: ProviderSettings): PaymentProviders {
  const all = new Map(PAYMENT_PROVIDERS.map((d) => [d.id, d.create(settings)]));
  const enabled = settings.config.paymentProviders.map((id) => {
    const provider = all.get(id);
    if (!provider) {
      throw new Error(
        `Invalid configuration:\n  PAYMENT_PROVIDERS: there is no payment provider '${id}' (known: ${[...all.keys()].join(', ')})`,
      );
    }
    return provider;
  });
  const [first] = enabled;
  if (!first) throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER: no provider enabled');
  return { get: (id) => all.get(id), enabled, default: first };
}

/** Every known provider's name and fields, without settings (the ledger, an erasure). */
export function paymentProviderInfo(): readonly PaymentProviderInfo[] {
  return PAYMENT_PROVIDERS;
}

/** The fields an erasure keeps of a provider's notification or payment: any provider's. */
export function fieldsKeptAfterErasure(): string[] {
  return [...new Set(PAYMENT_PROVIDERS.flatMap((p) => p.keptAfterErasure))];
}
