import { z } from 'zod';

/** Database ids are PostgreSQL integers; anything outside that range cannot name a record. */
export const MAX_ID = 2_147_483_647;
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);
