import type { FastifyInstance, FastifyReply } from 'fastify';
import { ReadCache } from '../http/read-cache.ts';
import type { CatalogueChange } from '../products/listing-cache.ts';

declare module '../events/event-bus.ts' {
  interface BusTopics {
    /**
     * A conversation or one of its messages was written (migrations 0022_conversations_change_notify
     * and 0024: statement triggers, so no write path can be forgotten): the conversations it touched
     * and the people in them; without either, everything may have changed.
     */
    'conversations.changed': ConversationsChange;
  }
}

export interface ConversationsChange {
  conversations?: string[];
  people?: string[];
}

const LIMITS = { maxEntries: 20_000, maxBytes: 32 * 1024 * 1024 };
const JSON_TYPE = 'application/json; charset=utf-8';

/** Tags an answer is stored under: a change to one drops it. */
export const conversationTag = (id: string) => `c:${id}`;
export const personTag = (userId: string) => `u:${userId}`;
export const listingTag = (id: string) => `p:${id}`;

/**
 * Inbox pages and message pages as the bytes sent, per reader: a student who opens their inbox
 * again, or a conversation that nothing was written to since, costs a lookup. An inbox page is
 * dropped by any change to a conversation of its reader (a message, a read mark, a new one), to a
 * listing it shows (title, price, sold, photo, deleted) or to any account (names and photos are
 * shown); a message page by any change to its conversation or to any account.
 */
export class ConversationCache {
  readonly bodies: ReadCache<string>;

  constructor(app: Pick<FastifyInstance, 'events'>) {
    this.bodies = new ReadCache<string>(
      LIMITS,
      (body) => body.length * 2,
      () => app.events.live,
    );
  }

  clear(): void {
    this.bodies.clear();
  }

  applyConversationsChange({ conversations, people }: ConversationsChange): void {
    if (!conversations && !people) return this.clear();
    this.bodies.dropTagged([...(conversations ?? []).map(conversationTag), ...(people ?? []).map(personTag)]);
  }

  /** Listings are shown on inbox rows; accounts (names, photos, authors) on both kinds of page. */
  applyCatalogueChange({ table, products }: CatalogueChange): void {
    if (products) this.bodies.dropTagged(products.map(listingTag));
    else if (table !== 'buy_requests' && table !== 'user_blocks') this.clear();
  }

  /**
   * Sends the cached answer under `key`, or computes, serializes (with the route's own
   * serializer), stores under the tags `tagsOf` names for it, and sends it.
   */
  async send<T>(
    reply: FastifyReply,
    key: string,
    compute: () => Promise<T>,
    tagsOf: (answer: T) => string[],
  ): Promise<FastifyReply> {
    const cached = this.bodies.get(key);
    if (cached !== undefined) return reply.type(JSON_TYPE).send(cached);
    const token = this.bodies.fillToken();
    const answer = await compute();
    const body = String(reply.serialize(answer));
    this.bodies.set(key, token, body, tagsOf(answer));
    return reply.type(JSON_TYPE).send(body);
  }
}

/**
 * Creates the cache and wires its invalidation: 'conversations.changed' and 'catalogue.changed'
 * (database triggers, on every instance) drop what a write touched; a lost event connection clears
 * it and nothing is stored until it is back. The conversation routes' own writes wait for their
 * events before answering (registerConversationWriteBarrier), so the writer's next read shows them.
 */
export function createConversationCache(app: FastifyInstance): ConversationCache {
  const cache = new ConversationCache(app);
  const stops = [
    app.events.subscribe('conversations.changed', (change) => cache.applyConversationsChange(change)),
    app.events.subscribe('catalogue.changed', (change) => cache.applyCatalogueChange(change)),
    app.events.onResync(() => cache.clear()),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });
  return cache;
}

/**
 * In a scope of routes that write conversations without waiting for the listing cache (they are
 * marked listingAnswers 'unchanged'): a successful write answers once its events have arrived here,
 * or after clearing the cache if they do not arrive in time.
 */
export function registerConversationWriteBarrier(scope: FastifyInstance, cache: ConversationCache): void {
  scope.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (!(await scope.events.caughtUp(scope.db))) cache.clear();
  });
}
