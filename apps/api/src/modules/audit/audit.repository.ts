import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, customers } from '../../db/schema/index.ts';
import { likeContains } from '../../lib/like.ts';

const actorName = sql<
  string | null
>`nullif(trim(${customers.firstName} || ' ' || ${customers.surname}), '')`;

/** Every word in the action, the record, the actor's name or the details. */
function matching(search: string): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((w) =>
      or(
        ilike(auditLog.action, likeContains(w)),
        ilike(auditLog.entityType, likeContains(w)),
        ilike(auditLog.entityId, likeContains(w)),
        ilike(sql`${customers.firstName} || ' ' || ${customers.surname}`, likeContains(w)),
        ilike(sql`${auditLog.details}::text`, likeContains(w)),
      )!,
    ),
    sql` and `,
  );
}

/** One page of the audit log, newest first, with the actor's name. */
export async function pageAudit(
  db: Database,
  query: {
    skip: number;
    take: number;
    search: string;
    action?: string | undefined;
    entityType?: string | undefined;
  },
) {
  const where = and(
    matching(query.search),
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
  );
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      actor: actorName,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(customers, eq(customers.id, auditLog.actorCustomerId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.take)
    .offset(query.skip);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(customers, eq(customers.id, auditLog.actorCustomerId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Every action and record type in the log, for the screen's filters. A scan of the log's two
 * columns, asked once per visit of the screen (the web keeps the answer a while).
 */
export async function listKinds(db: Database) {
  const actions = await db
    .selectDistinct({ value: auditLog.action })
    .from(auditLog)
    .orderBy(asc(auditLog.action));
  const entityTypes = await db
    .selectDistinct({ value: auditLog.entityType })
    .from(auditLog)
    .orderBy(asc(auditLog.entityType));
  return { actions: actions.map((r) => r.value), entityTypes: entityTypes.map((r) => r.value) };
}
