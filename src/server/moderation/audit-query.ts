import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditPage, type auditQuerySchema } from '#domain/moderation/audit.ts';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';

export type AuditFilters = z.output<typeof auditQuerySchema>;

const DAY_MS = 24 * 3600_000;

/**
 * A page of the audit log, newest first, filtered by admin, action, target id and dates (UTC
 * days, `to` included). Each filter has an index ending in (created_at, id) in this order, so
 * a page is the start of one index range (docs/PERFORMANCE.md); one row more than the page
 * tells whether there is more.
 */
export function auditPageQuery(db: Queryable, filters: AuditFilters) {
  const conditions: SQL[] = [];
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.targetId) conditions.push(eq(auditLog.targetId, filters.targetId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + DAY_MS)));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
}

export async function auditPage(db: Queryable, filters: AuditFilters): Promise<Omit<AuditPage, 'success'>> {
  const rows = await auditPageQuery(db, filters);
  const admins = await db
    .select({ _id: users.id, userName: users.userName, email: users.email })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.userName));
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({
      _id: row.id,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action as AuditPage['entries'][number]['action'],
      targetType: row.targetType,
      targetId: row.targetId,
      subjectUserId: row.subjectUserId,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    })),
    page: filters.page,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
    admins,
  };
}
