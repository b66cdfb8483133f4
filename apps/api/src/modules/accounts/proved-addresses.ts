import { toInternationalNumber } from './phone-numbers.ts';

/** What a customer's row says of its contact details and whether each was proved. */
export interface ContactDetails {
  email: string | null;
  emailVerifiedAt: Date | null;
  mobileNumber: string | null;
  mobileVerifiedAt: Date | null;
  country: string;
}

/**
 * The addresses a family proved are its own with a pin (decision 031): the only ones anything
 * personal is sent to. A detail typed and never proved may be anyone's, so it gets nothing.
 */
export function provedAddresses(c: ContactDetails): {
  email: string | null;
  mobile: string | null;
} {
  return {
    email: c.emailVerifiedAt && c.email ? c.email : null,
    mobile:
      c.mobileVerifiedAt && c.mobileNumber
        ? toInternationalNumber(c.mobileNumber, c.country)
        : null,
  };
}
