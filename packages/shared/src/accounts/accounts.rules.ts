/** Messages of spec 5 and 8 for registration, login and pins, word for word. */
/**
 * My Profile's words for a contact detail the family has not proved with a pin (decision 031):
 * nothing is sent to it until it is.
 */
export const CONTACT_MESSAGES = {
  notVerified: 'Not verified yet',
  explanation:
    'We send nothing to a number or address until you confirm it is yours with a one-time pin.',
  verified: 'Your contact details are confirmed.',
  alreadyVerified: 'This contact detail is confirmed already.',
  /** Decision 050: the checkout adds a number only where none is proved, never replaces one. */
  mobileConfirmed: 'Your account has a confirmed mobile number already.',
} as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Please ensure you have entered your first name and surname.',
  invalidMobile: 'Please ensure you have entered a valid mobile number.',
  invalidEmail: 'Please ensure you have entered a valid email address.',
  emptyLogin: 'Please enter a valid email or mobile number',
  userExists: 'User already exists. Please try logging in below.',
  pinInvalid: 'Please re-enter your OTP or generate a new OTP.',
  pinValidated: 'OTP validated successfully.',
  pinSendFailed: 'An error occurred while sending the OTP. Please try again.',
  profileUpdated: 'Profile details updated successfully',
} as const;

/** Spec 8, silent login 404. */
export function noAccountMessage(username: string): string {
  return `We do not have an account with the email: ${username}. Please register an account or double check the email you have provided`;
}

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
export function registrationProblem(input: RegistrationInput): string | null {
  if (!input.firstName.trim() || !input.surname.trim()) return ACCOUNT_MESSAGES.nameRequired;
  if (input.isMobile) {
    return isValidMobile(input.mobileNumber) ? null : ACCOUNT_MESSAGES.invalidMobile;
  }
  return isValidEmail(input.email) ? null : ACCOUNT_MESSAGES.invalidEmail;
}

/** How a login identifier is compared: emails ignore case, mobiles ignore a leading 0. */
export function normaliseIdentifier(channel: 'email' | 'mobile', value: string): string {
  return channel === 'email'
    ? value.trim().toLowerCase()
    : value.replace(/\D/g, '').replace(/^0+/, '');
}
