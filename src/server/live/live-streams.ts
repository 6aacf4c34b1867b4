import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_EVENT, type LiveEventData } from '#domain/notifications/live-events.ts';
import { findLiveSessions } from '../auth/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import { countUnread, findOwnNotification, listNotificationsAfter } from '../notifications/notifications.repository.ts';
import { toNotificationWire } from '../notifications/notify.ts';

export interface LiveStreamSettings {
  /** A comment line this often keeps proxies from closing an idle stream and finds dead sessions. */
  heartbeatMs: number;
  /** Streams one user may hold on one instance; a further one closes their oldest. */
  maxPerUser: number;
  /** Streams one instance holds at most; beyond that new ones are refused (503) until some close. */
  maxStreams: number;
  /** A reconnecting stream replays at most this many missed notifications, else it is told to reload. */
  maxReplay: number;
  /** A client that reads too slowly to keep this much queued is dropped (it reconnects and replays). */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_STREAM_SETTINGS: LiveStreamSettings = {
  heartbeatMs: 20_000,
  maxPerUser: 10,
  maxStreams: 5000,
  maxReplay: 100,
  maxBufferedBytes: 1024 * 1024,
};

/** How long the browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
export const RECONNECT_DELAY_MS = 3000;

/** One open stream: the signed-in user's browser tab. */
class LiveStream {
  /** The newest notification this stream has sent (its Last-Event-ID). */
  lastSeq: number;
  replaying = false;
  /** A notification arrived while replaying: replay again once done. */
  missedWhileReplaying = false;
  closed = false;

  constructor(
    readonly userId: string,
    readonly sessionTokenHash: string,
    private readonly response: ServerResponse,
    lastSeq: number,
    private readonly maxBufferedBytes: number,
    private readonly onClose: (stream: LiveStream) => void,
  ) {
    this.lastSeq = lastSeq;
    response.on('close', () => this.close());
    response.on('error', () => this.close());
  }

  send<E extends keyof LiveEventData>(event: E, data: LiveEventData[E], id?: number) {
    this.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string) {
    this.write(`: ${text}\n\n`);
  }

  write(chunk: string) {
    if (this.closed) return;
    if (this.response.writableLength > this.maxBufferedBytes) {
      this.close();
      return;
    }
    this.response.write(chunk);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    if (!this.response.writableEnded) this.response.end();
    this.onClose(this);
  }
}

export interface OpenStream {
  userId: string;
  sessionTokenHash: string;
  response: ServerResponse;
  /** The Last-Event-ID the browser reconnected with: the notifications after it are replayed. */
  lastEventId: number | undefined;
}

/**
 * Every live stream of this instance, fed by the event bus: a notification committed through any
 * instance reaches the user's streams here; a sold listing reaches every stream. Streams hold no
 * state that the tables cannot rebuild: a reconnecting browser names the last notification it
 * got, and what came after is replayed from the notifications table.
 */
export class LiveStreams {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly unsubscribe: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly settings: LiveStreamSettings = DEFAULT_LIVE_STREAM_SETTINGS,
  ) {
    this.unsubscribe.push(
      events.subscribe(
        'notification.created',
        ({ userId, notificationId }) => void this.deliverNotification(userId, notificationId),
      ),
      events.subscribe('notifications.read', ({ userId }) => void this.deliverReadCount(userId)),
      events.subscribe('listing.sold', ({ productId }) => this.broadcast(LIVE_EVENT.listingSold, { productId })),
      events.onResync(() => void this.resyncAll()),
    );
  }

  /** Open streams on this instance (tests check that none is left behind). */
  get size(): number {
    let total = 0;
    for (const streams of this.byUser.values()) total += streams.size;
    return total;
  }

  /** False when this instance holds as many streams as it may (the caller answers 503). */
  get hasRoom(): boolean {
    return !this.closed && this.size < this.settings.maxStreams;
  }

  /** Starts a stream on an already written response head, replaying what a reconnecting browser missed. */
  async open(options: OpenStream): Promise<void> {
    const stream = new LiveStream(
      options.userId,
      options.sessionTokenHash,
      options.response,
      options.lastEventId ?? 0,
      this.settings.maxBufferedBytes,
      (closed) => this.forget(closed),
    );
    let streams = this.byUser.get(stream.userId);
    if (!streams) this.byUser.set(stream.userId, (streams = new Set()));
    if (streams.size >= this.settings.maxPerUser) streams.values().next().value?.close();
    streams.add(stream);
    this.heartbeat ??= setInterval(() => void this.beat(), this.settings.heartbeatMs).unref();
    stream.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
    if (options.lastEventId !== undefined) await this.replay(stream);
    else stream.comment('connected');
  }

  /** Ends every stream (shutdown: the server would otherwise wait for them to end). */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const stop of this.unsubscribe.splice(0)) stop();
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
  }

  private forget(stream: LiveStream) {
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
    if (this.byUser.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private async deliverNotification(userId: string, notificationId: string) {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    try {
      const row = await findOwnNotification(this.db, userId, notificationId);
      if (!row) return;
      const { seq } = row;
      const data = { notification: toNotificationWire(row), unreadCount: await countUnread(this.db, userId) };
      for (const stream of streams) {
        if (stream.replaying) stream.missedWhileReplaying = true;
        else if (seq > stream.lastSeq) {
          stream.send(LIVE_EVENT.notification, data, seq);
          stream.lastSeq = seq;
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'a notification could not be pushed; the browser reloads it on reconnect');
    }
  }

  private async deliverReadCount(userId: string) {
    const streams = this.byUser.get(userId);
    if (!streams) return;
    try {
      const unreadCount = await countUnread(this.db, userId);
      for (const stream of streams) stream.send(LIVE_EVENT.notificationsRead, { unreadCount });
    } catch (error) {
      this.log.warn({ err: error }, 'an unread count could not be pushed');
    }
  }

  /** Whether any of these users has a stream open on this instance. */
  hasStreamsFor(userIds: string[]): boolean {
    return userIds.some((userId) => this.byUser.has(userId));
  }

  /**
   * Sends an event to the open streams of these users on this instance (an event without an id:
   * not replayed on reconnect). `dataFor` is asked only for the users with a stream here.
   */
  async sendToUsers<E extends keyof LiveEventData>(
    userIds: string[],
    event: E,
    dataFor: (userId: string) => Promise<LiveEventData[E]>,
  ): Promise<void> {
    for (const userId of new Set(userIds)) {
      if (!this.byUser.has(userId)) continue;
      const data = await dataFor(userId);
      for (const stream of this.byUser.get(userId) ?? []) stream.send(event, data);
    }
  }

  private broadcast<E extends keyof LiveEventData>(event: E, data: LiveEventData[E]) {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.send(event, data);
  }

  /** Sends the stream's notifications after its lastSeq, oldest first; too many and it is told to reload. */
  private async replay(stream: LiveStream) {
    stream.replaying = true;
    try {
      do {
        stream.missedWhileReplaying = false;
        const rows = await listNotificationsAfter(this.db, stream.userId, stream.lastSeq, this.settings.maxReplay + 1);
        if (rows.length > this.settings.maxReplay) {
          stream.lastSeq = rows.at(-1)!.seq;
          stream.send(LIVE_EVENT.resync, {});
          continue;
        }
        if (rows.length === 0) continue;
        const unreadCount = await countUnread(this.db, stream.userId);
        for (const row of rows) {
          stream.send(LIVE_EVENT.notification, { notification: toNotificationWire(row), unreadCount }, row.seq);
          stream.lastSeq = row.seq;
        }
      } while (stream.missedWhileReplaying && !stream.closed);
    } catch (error) {
      this.log.warn({ err: error }, 'a stream could not replay what it missed; closing it so that it reconnects');
      stream.close();
    } finally {
      stream.replaying = false;
    }
  }

  /** The event feed was interrupted: every stream replays from the table and is told to reload the rest. */
  private async resyncAll() {
    for (const streams of [...this.byUser.values()]) {
      for (const stream of [...streams]) {
        await this.replay(stream);
        stream.send(LIVE_EVENT.resync, {});
      }
    }
  }

  /** Keeps every stream alive, and closes those whose session has ended (logout, password change, expiry). */
  private async beat() {
    const all = [...this.byUser.values()].flatMap((streams) => [...streams]);
    for (const stream of all) stream.comment('heartbeat');
    try {
      const live = await findLiveSessions(this.db, this.clock, [...new Set(all.map((stream) => stream.sessionTokenHash))]);
      for (const stream of all) if (!live.has(stream.sessionTokenHash)) stream.close();
    } catch (error) {
      this.log.warn({ err: error }, 'could not check the sessions of live streams');
    }
  }
}
