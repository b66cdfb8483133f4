/** Whether a database error, or one it wraps, carries this SQLSTATE (pg and PGlite alike). */
function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const isUniqueViolation = (err: unknown) => hasSqlState(err, '23505');
export const isForeignKeyViolation = (err: unknown) => hasSqlState(err, '23503');
/** 22021 character_not_in_repertoire: text with NUL, which PostgreSQL cannot store. */
export const isNulInText = (err: unknown) => hasSqlState(err, '22021');
/**
 * 22P02 invalid_text_representation: text the database cannot read as its column's type (an id
 * that is not a UUID, a number that is not one). Request schemas check these; this is the net.
 */
export const isInvalidTextRepresentation = (err: unknown) => hasSqlState(err, '22P02');

export const DB_MESSAGES = {
  malformedValue: 'A value in this request is not in the form it should be (an id, say).',
} as const;
