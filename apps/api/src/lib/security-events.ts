/**
 * The names of security events, logged at warn with `event: <name>` (README "Logs"): stable, so
 * that an operator's alerts and log searches keep working whatever a message's wording becomes.
 * A new kind of event gets a new name here and a line in the README's list.
 */
export const SECURITY_EVENTS = {
  /** A sign-in step refused: wrong, expired or spent pin, or throttled (`signIn.reason`). */
  signInRefused: 'sign_in.refused',
  /** A payment notification not credited: bad signature, wrong merchant, not confirmed. */
  paymentNotificationRefused: 'payment.notification_refused',
} as const;
