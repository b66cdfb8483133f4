import { createHash } from 'node:crypto';
import { isSameSecretText } from '../../../lib/same-text.ts';

/**
 * PayFast's custom integration: the checkout fields in PayFast's documented order, an MD5
 * signature over them, and the checks an Instant Transaction Notification (ITN) must pass.
 */
export const PAYFAST_CHECKOUT_FIELDS = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
] as const;

/** PHP's urlencode, which PayFast's signature uses: spaces as '+', upper-case escapes. */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** "key=value&…" over the non-blank pairs, values trimmed and encoded, in the order given. */
export function parameterString(pairs: [string, string][], passphrase?: string): string {
  const parts = pairs
    .filter(([key, value]) => key !== 'signature' && value.trim() !== '')
    .map(([key, value]) => `${key}=${phpUrlEncode(value.trim())}`);
  if (passphrase) parts.push(`passphrase=${phpUrlEncode(passphrase.trim())}`);
  return parts.join('&');
}

export function payfastSignature(pairs: [string, string][], passphrase?: string): string {
  return createHash('md5').update(parameterString(pairs, passphrase)).digest('hex');
}

/** The checkout fields in PayFast's order, signed. */
export function signedCheckoutFields(
  fields: Partial<Record<(typeof PAYFAST_CHECKOUT_FIELDS)[number], string>>,
  passphrase?: string,
): [string, string][] {
  const ordered = PAYFAST_CHECKOUT_FIELDS.flatMap((key): [string, string][] => {
    const value = fields[key];
    return value === undefined || value.trim() === '' ? [] : [[key, value.trim()]];
  });
  return [...ordered, ['signature', payfastSignature(ordered, passphrase)]];
}

/** Rands with two decimals, as PayFast writes amounts. */
export function toRands(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Whether an ITN was signed with our passphrase. Without one (the server refuses to start so,
 * config/env.ts) no notification is accepted: its signature could be made from public fields.
 */
export function isNotificationSignatureValid(
  pairs: [string, string][],
  passphrase: string | undefined,
): boolean {
  if (!passphrase) return false;
  const given = pairs.find(([k]) => k === 'signature')?.[1];
  return given !== undefined && isSameSecretText(given, payfastSignature(pairs, passphrase));
}

/**
 * Asks PayFast whether it sent this notification (server-to-server validation); true only for
 * the answer VALID. Throws when PayFast cannot be asked (the notification is retried later).
 */
export async function confirmWithPayFast(
  host: string,
  pairs: [string, string][],
): Promise<boolean> {
  const response = await fetch(`${host}/eng/query/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: parameterString(pairs),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`PayFast validation answered ${response.status}`);
  return (await response.text()).trim() === 'VALID';
}
