/** The audit trail: who did what to which record, when, from what to what and why (docs/architecture.md "The order's journey"). */
import type { Db } from './client.js';
import { auditLog } from './schema.js';

export type AuditEntry = typeof auditLog.$inferInsert;

/** Writes one audit row, in the caller's transaction when given one. Never put a secret in `before`/`after`. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
