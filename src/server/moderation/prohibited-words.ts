import { asc, eq } from 'drizzle-orm';
import { findProhibitedWord, normalizeForWordCheck } from '#domain/moderation/moderation.ts';
import { moderationMessages } from '#domain/moderation/moderation.messages.ts';
import type { Queryable } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
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

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /** An admin added or removed a prohibited word: every instance reads the list again. */
    'moderation.words-changed': Record<string, never>;
  }
}

/** A backstop for a word written straight into the table (a script, psql), which no event announces. */
const WORD_LIST_MAX_AGE_MS = 60_000;

/**
 * The list in memory: every message, request, review and listing is checked against it, and admins
 * change it a few times a term. The admin's change announces itself on the event bus in its own
 * transaction, so every instance drops its copy on commit; while the bus reconnects (changes may
 * be missed) nothing is kept and each check reads the table.
 */
export class ProhibitedWordList {
  private words: Promise<Set<string>> | undefined;
  private loadedAt = 0;

  constructor(private readonly events: EventBus) {
    events.subscribe('moderation.words-changed', () => this.clear());
    events.onResync(() => this.clear());
  }

  clear(): void {
    this.words = undefined;
  }

  load(db: Queryable): Promise<Set<string>> {
    if (!this.events.live) return loadProhibitedWords(db);
    if (!this.words || Date.now() - this.loadedAt > WORD_LIST_MAX_AGE_MS) {
      // Held as the promise: concurrent checks share one read; a change arriving meanwhile drops it.
      const loading = loadProhibitedWords(db);
      this.words = loading;
      this.loadedAt = Date.now();
      loading.catch(() => {
        if (this.words === loading) this.words = undefined;
      });
    }
    return this.words;
  }
}

const wordLists = new WeakMap<EventBus, ProhibitedWordList>();

/** The word list of the app whose event bus this is (one per app, so tests' apps never share one). */
export function prohibitedWordListOf(events: EventBus): ProhibitedWordList {
  let list = wordLists.get(events);
  if (!list) wordLists.set(events, (list = new ProhibitedWordList(events)));
  return list;
}

/**
 * Refuses (400, 'This text contains a word that is not allowed here.') when any of the texts
 * holds a prohibited word as a whole word, whatever its case and accents.
 */
export async function assertNoProhibitedWords(
  ctx: { events: EventBus },
  db: Queryable,
  texts: (string | null | undefined)[],
): Promise<void> {
  const present = texts.filter((text): text is string => typeof text === 'string' && text.length > 0);
  if (present.length === 0) return;
  const words = await prohibitedWordListOf(ctx.events).load(db);
  if (present.some((text) => findProhibitedWord(text, words) !== null)) throw badRequest(moderationMessages.prohibitedWord);
}

/** Adds a word (normalized); answers false when it was already listed. Every instance rereads the list on commit. */
export async function addProhibitedWord(
  ctx: { events: EventBus },
  db: Queryable,
  word: string,
  adminId: string,
): Promise<boolean> {
  const rows = await db
    .insert(prohibitedWords)
    .values({ word: normalizeForWordCheck(word), createdBy: adminId })
    .onConflictDoNothing()
    .returning({ word: prohibitedWords.word });
  if (rows.length > 0) await ctx.events.publish(db, 'moderation.words-changed', {});
  return rows.length > 0;
}

export async function removeProhibitedWord(ctx: { events: EventBus }, db: Queryable, word: string): Promise<boolean> {
  const rows = await db
    .delete(prohibitedWords)
    .where(eq(prohibitedWords.word, normalizeForWordCheck(word)))
    .returning({ word: prohibitedWords.word });
  if (rows.length > 0) await ctx.events.publish(db, 'moderation.words-changed', {});
  return rows.length > 0;
}
