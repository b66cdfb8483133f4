import { z } from 'zod';

/** A yes-or-no setting: 'true' or '1' is yes; unset, empty, 'false' or '0' is no. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');
