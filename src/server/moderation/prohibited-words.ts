import { asc, eq } from 'drizzle-orm';
import { findProhibitedWord, normalizeForWordCheck } from '#domain/moderation/moderation.ts';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import type { Queryable } from '../db/client.ts';
import { prohibitedWords } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';

/** The admin-managed list, normalized as stored. A small table read by its primary key. */
export async function loadProhibitedWords(db: Queryable): Promise<Set<string>> {
  const rows = await db.select({ word: prohibitedWords.word }).from(prohibitedWords);
  return new Set(rows.map((row) => row.word));
}

export async function listProhibitedWords(db: Queryable) {
  return db.select().from(prohibitedWords).orderBy(asc(prohibitedWords.word));
}

/**
 * Refuses (400, 'This text contains a word that is not allowed here.') when any of the texts
 * holds a prohibited word as a whole word, whatever its case and accents.
 */
export async function assertNoProhibitedWords(db: Queryable, texts: (string | null | undefined)[]): Promise<void> {
  const present = texts.filter((text): text is string => typeof text === 'string' && text.length > 0);
  if (present.length === 0) return;
  const words = await loadProhibitedWords(db);
  if (present.some((text) => findProhibitedWord(text, words) !== null)) throw badRequest(moderationMessages.prohibitedWord);
}

/** Adds a word (normalized); answers false when it was already listed. */
export async function addProhibitedWord(db: Queryable, word: string, adminId: string): Promise<boolean> {
  const rows = await db
    .insert(prohibitedWords)
    .values({ word: normalizeForWordCheck(word), createdBy: adminId })
    .onConflictDoNothing()
    .returning({ word: prohibitedWords.word });
  return rows.length > 0;
}

export async function removeProhibitedWord(db: Queryable, word: string): Promise<boolean> {
  const rows = await db
    .delete(prohibitedWords)
    .where(eq(prohibitedWords.word, normalizeForWordCheck(word)))
    .returning({ word: prohibitedWords.word });
  return rows.length > 0;
}
