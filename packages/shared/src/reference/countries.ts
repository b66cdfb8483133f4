import { COUNTRIES } from './countries.data.ts';

export { COUNTRIES };
export type CountryCode = (typeof COUNTRIES)[number]['code'];

/** Registration and My Profile default to South Africa (spec 2, Register). */
export const DEFAULT_COUNTRY = 'South Africa';

export function isKnownCountry(name: string): boolean {
  return COUNTRIES.some((c) => c.name === name);
}
