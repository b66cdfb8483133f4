import { z } from 'zod';

/** Database ids are PostgreSQL integers; anything outside that range cannot name a record. */
export const MAX_ID = 2_147_483_647;
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);

/**
 * Ids that are PostgreSQL UUIDs (pictures, video collections and slots). Checked in every request
 * schema: an id that is not one reached the database and answered 500 (issue 30).
 */
export const UuidSchema = z.uuid();

/** For an id that arrives outside a request schema (a header, a stored name): can it be one? */
export const isUuid = (value: string): boolean => UuidSchema.safeParse(value).success;
