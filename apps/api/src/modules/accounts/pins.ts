import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PIN_LENGTH } from '@eisteddfod/shared';

/** Pin policy (architecture guide, Security model; docs/decisions/004). */
export const PIN_POLICY = {
  validForMs: 10 * 60_000,
  maxWrongTries: 5,
  resendAfterMs: 90_000,
  /** Sends per customer, and per client address, per hour. */
  sendsPerCustomerPerHour: 6,
  sendsPerIpPerHour: 30,
  /** Pin checks per client address per 10 minutes, whatever the customer. */
  checksPerIpPer10Minutes: 30,
  /** How long a verified pin may be turned into a session by the next silent login. */
  grantValidForSeconds: 300,
} as const;

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export function generatePin(): string {
  return String(randomInt(0, 10 ** PIN_LENGTH)).padStart(PIN_LENGTH, '0');
}

/** Pins are stored as an HMAC keyed with the server secret, never as typed. */
export function hashPin(secret: string, customerId: number, pin: string): string {
  return createHmac('sha256', secret).update(`${customerId}:${pin}`).digest('hex');
}

export function pinMatches(secret: string, customerId: number, pin: string, hash: string): boolean {
  const a = Buffer.from(hashPin(secret, customerId, pin), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
