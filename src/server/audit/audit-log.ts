import type { Queryable } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { UserRow } from '../users/user.mapper.ts';

export type AuditAction = 'user.delete' | 'product.edit' | 'product.delete' | 'job.retry' | 'job.discard';

export interface AuditEvent {
  action: AuditAction;
  targetType: 'user' | 'product' | 'job';
  targetId: string;
  details?: Record<string, unknown>;
}

/**
 * Records an admin action. Call it inside the transaction that performs the action, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(db: Queryable, actor: Pick<UserRow, 'id' | 'email'>, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    details: event.details ?? {},
  });
}
