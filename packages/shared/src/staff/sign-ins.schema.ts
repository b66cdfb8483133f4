import { z } from 'zod';

// Failed and throttled sign-ins, as organisers read them (issue 30, decision 032): counts, the
// accounts and client addresses with the most, and the latest events. No pin is ever kept.

/** Why a sign-in step was refused. The family's answer stays the spec's (200 false, or 429). */
export const SIGN_IN_EVENT_REASONS = [
  'wrong_pin',
  'expired_pin',
  'too_many_tries',
  'no_pin',
  'send_throttled',
  'verify_throttled',
] as const;
export type SignInEventReason = (typeof SIGN_IN_EVENT_REASONS)[number];

export const SIGN_IN_REASON_LABELS: Record<SignInEventReason, string> = {
  wrong_pin: 'Wrong pin',
  expired_pin: 'Pin expired',
  too_many_tries: 'Too many tries',
  no_pin: 'No pin to check',
  send_throttled: 'Pin sends throttled',
  verify_throttled: 'Pin checks throttled',
};

/** The accounts, addresses and latest events the screen shows. */
export const SIGN_IN_TOP_SIZE = 10;
export const SIGN_IN_LATEST_SIZE = 50;
/** How long events are kept: a nightly job deletes older ones. */
export const SIGN_IN_EVENT_RETENTION_DAYS = 90;

const count = z.number().int().min(0);
const at = z.iso.datetime({ offset: true });

const SignInEventSchema = z.object({
  id: z.number().int(),
  at,
  /** The account the step was for, when it exists. */
  customerId: z.number().int().nullable(),
  /** Its sign-in address, masked ('th***@example.org', '+27 ** *** 4567'). */
  identifier: z.string().nullable(),
  /** The client address the request came from. */
  ip: z.string(),
  reason: z.enum(SIGN_IN_EVENT_REASONS),
});
export type SignInEvent = z.infer<typeof SignInEventSchema>;

export const SignInSummarySchema = z.object({
  lastHour: count,
  last24Hours: count,
  /** The last 24 hours' events per reason, every reason listed. */
  reasons: z.array(z.object({ reason: z.enum(SIGN_IN_EVENT_REASONS), events: count })),
  /** The accounts with the most events in the last 24 hours, most first. */
  topAccounts: z.array(
    z.object({
      customerId: z.number().int(),
      identifier: z.string().nullable(),
      events: count,
      /** Distinct client addresses the events came from. */
      addresses: count,
      lastAt: at,
    }),
  ),
  /** The client addresses with the most events in the last 24 hours, most first. */
  topAddresses: z.array(
    z.object({
      ip: z.string(),
      events: count,
      /** Distinct accounts the events were for. */
      accounts: count,
      lastAt: at,
    }),
  ),
  /** The newest events, newest first. */
  latest: z.array(SignInEventSchema),
});
export type SignInSummary = z.infer<typeof SignInSummarySchema>;
