import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Records who did what to which record, for support questions and disputes. */
export async function audit(
  db: Database,
  entry: {
    actorCustomerId?: number | null;
    action: string;
    entityType: string;
    entityId: string | number;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorCustomerId: entry.actorCustomerId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    details: entry.details ?? {},
  });
}
