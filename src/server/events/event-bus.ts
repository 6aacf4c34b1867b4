import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, type NotificationChannel, type Queryable, quoteLiteral, sendWithCommit } from '../db/client.ts';
import { runWritten } from '../db/prepared.ts';

/** The one PostgreSQL channel every instance listens on; topics are told apart in the payload. */
export const EVENT_CHANNEL = 'campus_market_events';

/** NOTIFY refuses payloads of 8,000 bytes or more: events carry ids, never documents. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * What each topic carries. Features add their topics where they publish them:
 *   declare module '../events/event-bus.ts' { interface BusTopics { 'listing.changed': { id: string } } }
 */
export interface BusTopics {
  /** Sent by caughtUp() to itself: once it arrives, every event committed before it has been delivered here. */
  'bus.barrier': { token: string };
  /** Starts a count of the events delivered after it, shared by the processes of one `group` (StreamPosition). */
  'bus.mark': { group: string; mark: string };
}

/**
 * Where this process stands in the stream of events: how many it has been delivered since the
 * last mark of its group. Every listener of the channel is delivered the same events in the same
 * order, so positions under one mark compare across the processes of a machine: a process at
 * `count` has been delivered exactly the events that one at a higher count had been, and fewer.
 * Undefined until a mark arrives, and again from a lost connection (events may have been missed)
 * until the next mark.
 */
export interface StreamPosition {
  mark: string;
  count: number;
}

export type BusTopic = keyof BusTopics;

const NOTIFY_ONE = { name: 'notify-event', text: 'select pg_notify($1, $2)' };
const NOTIFY_MANY = { name: 'notify-events', text: 'select pg_notify($1, payload) from unnest($2::text[]) as payload' };

/** The events of each open transactionWithEvents(), in the order they were published. */
const heldEvents = new WeakMap<Queryable, string[]>();

/**
 * A transaction's events as few NOTIFY payloads as fit, in the order they were published: several
 * events go as one JSON array of envelopes (each payload is a notification every listener receives
 * and parses; a buy request's four took four). Identical events are sent once, as NOTIFY folds
 * identical payloads of a transaction.
 */
export function combinedPayloads(events: readonly string[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let bytes = 2;
  const flush = () => {
    if (batch.length > 0) payloads.push(batch.length === 1 ? batch[0]! : `[${batch.join(',')}]`);
    batch = [];
    bytes = 2;
  };
  for (const event of new Set(events)) {
    const size = Buffer.byteLength(event) + 1;
    if (bytes + size > MAX_PAYLOAD_BYTES) flush();
    batch.push(event);
    bytes += size;
  }
  flush();
  return payloads;
}

/** The NOTIFY commands of held events. */
const notifyCommands = (payloads: readonly string[]) =>
  payloads.map((payload) => `notify ${EVENT_CHANNEL}, ${quoteLiteral(payload)}`).join(';');

/**
 * A transaction whose events go out with its COMMIT (in its round trip on node-postgres, else in
 * one statement just before it), rather than one round trip each. Nothing changes for the
 * listeners: NOTIFY delivers on commit only, in the order the events were published.
 */
export function transactionWithEvents<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>,
  closingEvents: readonly string[] = [],
): Promise<T> {
  return db.transaction(async (tx) => {
    const held: string[] = [];
    heldEvents.set(tx, held);
    const result = await work(tx);
    heldEvents.delete(tx);
    const payloads = combinedPayloads([...held, ...closingEvents]);
    if (payloads.length === 0 || sendWithCommit(tx, notifyCommands(payloads))) return result;
    if (payloads.length === 1) await runWritten(tx, { ...NOTIFY_ONE, values: [EVENT_CHANNEL, payloads[0]] });
    else await runWritten(tx, { ...NOTIFY_MANY, values: [EVENT_CHANNEL, payloads] });
    return result;
  });
}

interface Envelope {
  topic: string;
  data: unknown;
}

/** The NOTIFY payload of an event. */
function envelopeOf<T extends BusTopic>(topic: T, data: BusTopics[T]): string {
  const payload = JSON.stringify({ topic, data } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`Event ${topic} is too large to notify`);
  return payload;
}

/**
 * Tells every app instance (this one included) that something changed: the transport of the live
 * stream and of cache invalidation. Carried by the database's LISTEN/NOTIFY, so:
 *  - an event published inside a transaction is delivered when it commits, never if it rolls back;
 *  - it reaches every instance connected to the same PostgreSQL (on PGlite, the one process);
 *  - delivery is at most once: after a lost connection, onResync callbacks run so that whoever
 *    keeps derived state (a cache, an open stream) rereads it from the tables.
 */
export class EventBus {
  private readonly handlers = new Map<string, Set<(data: unknown) => void>>();
  private stopListening: (() => Promise<void>) | undefined;
  private readonly barriers = new Map<string, () => void>();
  private mark: string | undefined;
  private delivered = 0;
  private followingMarks = false;

  constructor(
    private readonly channel: NotificationChannel,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.stopListening ??= await this.channel.listen(EVENT_CHANNEL, (payload) => this.deliver(payload));
    this.subscribe('bus.barrier', ({ token }) => this.barriers.get(token)?.());
  }

  /** This process's place in the stream of events (see StreamPosition), if it knows it. */
  position(): StreamPosition | undefined {
    return this.mark === undefined || !this.live ? undefined : { mark: this.mark, count: this.delivered };
  }

  /**
   * Sends a new mark for `group`: from its delivery on, every process of the group counts the
   * events it is delivered from there (StreamPosition). A process sends one when it starts, after a
   * lost connection, and whenever it must not be counted as having heard of everything before.
   */
  async markPositions(db: Queryable, group: string): Promise<void> {
    // No position here until the new mark arrives: whatever came before it is not counted.
    this.mark = undefined;
    if (!this.followingMarks) {
      this.followingMarks = true;
      this.subscribe('bus.mark', (data) => {
        if (data.group !== group) return;
        this.mark = data.mark;
        this.delivered = 0;
      });
      // Events sent while the connection was down are lost: the count means nothing until the next mark.
      this.channel.onReconnect(() => (this.mark = undefined));
    }
    await this.publish(db, 'bus.mark', { group, mark: randomUUID() });
  }

  /**
   * Resolves true once every event committed before the call has been delivered to this instance's
   * handlers (NOTIFY delivers in commit order, so an event sent now arrives after them), false if
   * that did not happen within `timeoutMs` or the bus is not live: the caller then assumes it missed some.
   */
  async caughtUp(db: Queryable, timeoutMs = 2000): Promise<boolean> {
    if (!this.live) return false;
    const token = randomUUID();
    const arrival = this.awaitBarrier(token);
    try {
      await this.publish(db, 'bus.barrier', { token });
      return await arrival.within(timeoutMs);
    } finally {
      arrival.forget();
    }
  }

  /**
   * transactionWithEvents() whose events end with a barrier: once it resolves, the transaction has
   * committed and `caughtUp` says whether its events, and every event committed before them, have
   * been delivered to this instance's handlers (as caughtUp() would after it, without a round trip
   * of its own). False when they did not arrive within `timeoutMs` of the commit, or the bus is not
   * live: the caller then assumes it missed some. A write whose every change is in this one
   * transaction answers once caughtUp is known (request.eventsCaughtUp: the listing cache's hook
   * then sends no barrier of its own).
   */
  async transactionCaughtUp<T>(
    db: Database,
    work: (tx: Queryable) => Promise<T>,
    timeoutMs = 2000,
  ): Promise<{ result: T; caughtUp: boolean }> {
    if (!this.live) return { result: await transactionWithEvents(db, work), caughtUp: false };
    const token = randomUUID();
    const arrival = this.awaitBarrier(token);
    try {
      const result = await transactionWithEvents(db, work, [envelopeOf('bus.barrier', { token })]);
      return { result, caughtUp: await arrival.within(timeoutMs) };
    } finally {
      arrival.forget();
    }
  }

  /** Listens for the barrier `token` from now on (it may arrive before the statement that sent it returns). */
  private awaitBarrier(token: string) {
    let arrived = false;
    let onArrival = () => {};
    this.barriers.set(token, () => {
      arrived = true;
      onArrival();
    });
    return {
      within: (timeoutMs: number) =>
        new Promise<boolean>((resolve) => {
          if (arrived) return resolve(true);
          const timer = setTimeout(() => resolve(false), timeoutMs);
          timer.unref();
          onArrival = () => {
            clearTimeout(timer);
            resolve(true);
          };
        }),
      forget: () => this.barriers.delete(token),
    };
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  /** True while events are arriving; false while a lost connection is being made again. */
  get live(): boolean {
    return this.stopListening !== undefined && this.channel.connected;
  }

  /**
   * Sends the event on `db`: pass the transaction that makes the change, so both commit together.
   * In a transactionWithEvents() it is held and sent with the transaction's others just before commit.
   */
  async publish<T extends BusTopic>(db: Queryable, topic: T, data: BusTopics[T]): Promise<void> {
    const payload = envelopeOf(topic, data);
    const held = heldEvents.get(db);
    if (held) held.push(payload);
    else await runWritten(db, { ...NOTIFY_ONE, values: [EVENT_CHANNEL, payload] });
  }

  subscribe<T extends BusTopic>(topic: T, handler: (data: BusTopics[T]) => void): () => void {
    let handlers = this.handlers.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(topic, handlers);
    }
    const untyped = handler as (data: unknown) => void;
    handlers.add(untyped);
    return () => handlers.delete(untyped);
  }

  /** Runs after events may have been missed (the listening connection was lost and is back). */
  onResync(callback: () => void): () => void {
    return this.channel.onReconnect(callback);
  }

  /** A payload is one event, or a transaction's events in order (combinedPayloads). */
  private deliver(payload: string) {
    // Every payload counts, whatever its topic, so that every listener counts alike.
    this.delivered++;
    let envelopes: Envelope | Envelope[];
    try {
      envelopes = JSON.parse(payload) as Envelope | Envelope[];
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'ignored an event that is not JSON');
      return;
    }
    for (const envelope of Array.isArray(envelopes) ? envelopes : [envelopes]) this.dispatch(envelope);
  }

  private dispatch(envelope: Envelope) {
    for (const handler of this.handlers.get(envelope.topic) ?? []) {
      try {
        handler(envelope.data);
      } catch (error) {
        this.log.error({ err: error, topic: envelope.topic }, 'an event handler failed');
      }
    }
  }
}
