import { payfast } from './payfast/payfast.provider.ts';
import type { PaymentProviderDefinition } from './provider.ts';
import { sandbox } from './sandbox/sandbox.provider.ts';

/**
 * Every payment provider the portal knows (decision 055). A new provider is a folder beside
 * these and one line here; configuration (PAYMENT_PROVIDER, PAYMENT_PROVIDERS) enables it.
 */
export const PAYMENT_PROVIDERS: readonly PaymentProviderDefinition[] = [sandbox, payfast];
