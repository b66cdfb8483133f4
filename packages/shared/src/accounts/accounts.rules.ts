import type { Said } from '../i18n/said.ts';
import { ACCOUNT_TEXT } from './accounts.messages.ts';

const MOBILE_MIN_LENGTH = 8;
export const MOBILE_MAX_LENGTH = 15;
export const PIN_LENGTH = 6;
/** Send New Code waits this long after a pin is sent (spec 9). */
export const PIN_RESEND_SECONDS = 90;

/** Mobile numbers are typed as digits only, without the country code (spec 2, Register). */
export function isValidMobile(mobile: string): boolean {
  return (
    /^\d+$/.test(mobile) && mobile.length >= MOBILE_MIN_LENGTH && mobile.length <= MOBILE_MAX_LENGTH
  );
}

/**
 * Spec 5: at least 4 characters with an @ and a dot. We also want one @ with text on both sides
 * and a dot in the domain, since a pin must reach it.
 */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length >= 4 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e);
}

/** Keeps only digits, at most 15: what the mobile inputs accept. */
export function toMobileDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, MOBILE_MAX_LENGTH);
}

export interface RegistrationInput {
  firstName: string;
  surname: string;
  isMobile: boolean;
  email: string;
  mobileNumber: string;
}

/** The first failing check of spec 5 ("Register"), in the spec's order; null when valid. */
export function registrationProblem(input: RegistrationInput): Said | null {
  if (!input.firstName.trim() || !input.surname.trim()) return ACCOUNT_TEXT.say('nameRequired');
  if (input.isMobile) {
    return isValidMobile(input.mobileNumber) ? null : ACCOUNT_TEXT.say('invalidMobile');
  }
  return isValidEmail(input.email) ? null : ACCOUNT_TEXT.say('invalidEmail');
}

/** How a login identifier is compared: emails ignore case, mobiles ignore a leading 0. */
export function normaliseIdentifier(channel: 'email' | 'mobile', value: string): string {
  return channel === 'email'
    ? value.trim().toLowerCase()
    : value.replace(/\D/g, '').replace(/^0+/, '');
}
