import { COUNTRIES } from './countries.data.ts';

export { COUNTRIES };

/** Registration and My Profile default to South Africa (spec 2, Register). */
export const DEFAULT_COUNTRY = 'South Africa';
