import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A name folded in SQL as `foldName` (packages/shared) folds it in JavaScript: trimmed, single
 * spaces, lower case. Conflicts of interest keep their `match_key` this way, and every query that
 * compares a name with one folds the name here.
 */
export const foldedSql = (value: SQLWrapper): SQL =>
  sql`lower(regexp_replace(trim(${value}), '\\s+', ' ', 'g'))`;
