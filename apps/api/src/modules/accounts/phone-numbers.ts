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

/**
 * A sign-in address as organisers see it on the sign-ins screen and in the log (decision 032):
 * enough to tell accounts apart and spot a pattern, not enough to write to the family.
 * 'thandi@example.org' is 'th***@example.org'; '+27821234567' is '+27 ** *** 4567'.
 */
export function maskForStaff(channel: 'email' | 'mobile', address: string): string {
  if (channel === 'email') {
    const at = address.lastIndexOf('@');
    const local = at < 0 ? address : address.slice(0, at);
    const domain = at < 0 ? '' : address.slice(at);
    return `${local.slice(0, Math.min(2, Math.max(0, local.length - 1)))}***${domain}`;
  }
  const digits = address.replace(/\D/g, '');
  const code = parsePhoneNumberFromString(`+${digits}`)?.countryCallingCode;
  // A number too short to be real keeps fewer of its digits shown.
  const shown = Math.min(4, Math.max(0, digits.length - 6));
  return `${code ? `+${code} ` : ''}** *** ${shown ? digits.slice(-shown) : '****'}`;
}
