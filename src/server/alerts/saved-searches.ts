import { and, asc, eq, sql } from 'drizzle-orm';
import {
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchCriteria,
  type SavedSearchFrequency,
  savedSearchMessages as m,
} from '#domain/alerts/saved-search.schemas.ts';
import type { Database, Queryable } from '../db/client.ts';
import { savedSearches } from '../db/schema/index.ts';
import { conflict, notFound } from '../http/errors.ts';

type SavedSearchRow = typeof savedSearches.$inferSelect;

export function toSavedSearchWire(row: SavedSearchRow): SavedSearch {
  const { q, category, condition, minPrice, maxPrice, sort } = row.criteria;
  return {
    _id: row.id,
    name: row.name,
    criteria: {
      ...(q ? { q } : {}),
      category: category as SavedSearch['criteria']['category'],
      condition,
      ...(minPrice !== undefined ? { minPrice } : {}),
      ...(maxPrice !== undefined ? { maxPrice } : {}),
      sort,
    },
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The criteria in the columns the matching query reads ('*': every category). */
function matchingColumns(criteria: SavedSearchCriteria) {
  return {
    q: criteria.q ? criteria.q.toLowerCase() : null,
    categories: criteria.category.length > 0 ? criteria.category : ['*'],
    conditions: criteria.condition,
    minPrice: criteria.minPrice ?? null,
    maxPrice: criteria.maxPrice ?? null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function listSavedSearches(db: Queryable, userId: string): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSavedSearchWire);
}

/**
 * Saves a search under a name, at most SAVED_SEARCHES_MAX per student: the count is taken under a
 * per-user lock, so two saves at once cannot both pass at 19. Names are unique per student, any case.
 */
export async function createSavedSearch(
  db: Database,
  userId: string,
  input: { name: string; criteria: SavedSearchCriteria; frequency: SavedSearchFrequency },
): Promise<SavedSearch> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-searches'), hashtext(${userId}))`);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      if ((count?.n ?? 0) >= SAVED_SEARCHES_MAX) throw conflict(m.tooMany);
      const [row] = await tx
        .insert(savedSearches)
        .values({
          userId,
          name: input.name,
          criteria: input.criteria,
          frequency: input.frequency,
          ...matchingColumns(input.criteria),
        })
        .returning();
      return toSavedSearchWire(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.nameTaken);
    throw error;
  }
}

/** Renames a saved search or changes how its matches are mailed; someone else's is 404, like a missing one. */
export async function updateSavedSearch(
  db: Queryable,
  userId: string,
  id: string,
  changes: { name?: string | undefined; frequency?: SavedSearchFrequency | undefined },
): Promise<SavedSearch> {
  try {
    const [row] = await db
      .update(savedSearches)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.frequency !== undefined ? { frequency: changes.frequency } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning();
    if (!row) throw notFound(m.notFound);
    return toSavedSearchWire(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.nameTaken);
    throw error;
  }
}

export async function deleteSavedSearch(db: Queryable, userId: string, id: string): Promise<void> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (rows.length === 0) throw notFound(m.notFound);
}
