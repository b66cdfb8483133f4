import { COUNTRIES } from '@eisteddfod/shared';
import {
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/**
 * A mobile number typed without its country code (spec 2), in international E.164 form for
 * WhatsApp, using the customer's country. When the number does not parse as valid for that
 * country we still prefix the calling code rather than refuse: the user typed what they have.
 */
export function toInternationalNumber(digits: string, countryName: string): string {
  const code = COUNTRIES.find((c) => c.name === countryName)?.code as CountryCode | undefined;
  if (!code) return `+${digits.replace(/^0+/, '')}`;
  const parsed = parsePhoneNumberFromString(digits, code);
  if (parsed?.isValid()) return parsed.number;
  return `+${getCountryCallingCode(code)}${digits.replace(/^0+/, '')}`;
}

/** Shows enough of an address for the user to recognise it, and no more. */
export function maskRecipient(channel: 'email' | 'whatsapp', to: string): string {
  if (channel === 'whatsapp') return `${to.slice(0, 3)}•••••${to.slice(-3)}`;
  const [local = '', domain = ''] = to.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
}
