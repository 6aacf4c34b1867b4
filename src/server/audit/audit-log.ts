import type { Queryable } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import type { UserRow } from '../users/user.mapper.ts';

import { type AuditAction } from '#domain/moderation/audit.ts';

export type { AuditAction };

export interface AuditEvent {
  action: AuditAction;
  targetType: 'user' | 'product' | 'job' | 'listing' | 'message' | 'word' | 'review' | 'safe-spot';
  targetId: string;
  /** The user the action concerned, for their history (the suspended user, the removed listing's seller). */
  subjectUserId?: string | null;
  details?: Record<string, unknown>;
  /** When it happened, from the app's clock; the database's now() otherwise. */
  at?: Date;
}

/** The system itself as the actor: a queue job carrying out what an earlier decision set up. */
export const SYSTEM_ACTOR = 'system';
export type AuditActor = Pick<UserRow, 'id' | 'email'> | typeof SYSTEM_ACTOR;

/**
 * Records an admin action. Call it inside the transaction that performs the action, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(db: Queryable, actor: AuditActor, event: AuditEvent): Promise<void> {
  const system = actor === SYSTEM_ACTOR;
  await db.insert(auditLog).values({
    actorId: system ? null : actor.id,
    actorEmail: system ? null : actor.email,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    subjectUserId: event.subjectUserId ?? (event.targetType === 'user' ? event.targetId : null),
    details: event.details ?? {},
    ...(event.at ? { createdAt: event.at } : {}),
  });
}
