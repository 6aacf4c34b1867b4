import http from 'node:http';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { type ErrorCode } from '#domain/api-errors.ts';
import { siteMessages } from '#domain/site.messages.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** Why a request was shed: the label of http_requests_shed_total. */
export type ShedReason = 'event-loop-turn' | LoadReason;
/** The limits read from the instance's load (what /readyz reports); the turn's budget is a request's own. */
export type LoadReason = 'event-loop-delay' | 'heap' | 'db-waiters' | 'db-wait' | 'in-flight';

export type LoadSheddingSettings = Config['loadShedding'];

/** What /readyz reports and the shedder decides on. */
export interface Pressure {
  /** Whether a new /api/ request would be shed right now, and why. */
  shedding: boolean;
  reason?: LoadReason;
  eventLoopDelayMs: number;
  heapUsedMb: number;
  dbWaiters: number;
  dbOldestWaitMs: number;
  inFlight: number;
}

/** Only the API is shed: pages, static files and the health routes are always answered. */
const SHED_PREFIX = '/api/';
/** Live streams stay open for minutes: they are shed when opened, but not counted as in flight. */
const LIVE_STREAM_PATH = '/api/v1/events';
/** The JSON text of every shed answer (the bench's bare server answers the same bytes). */
export const SHED_ANSWER_BODY = JSON.stringify({ success: false, msg: siteMessages.busy, code: 'BUSY' satisfies ErrorCode });
/** How often a summary of what was shed reaches the log (never a line per shed request). */
const SHED_LOG_INTERVAL_MS = 5000;

/**
 * Load shedding (issue 26): past any limit a new /api/ request is answered at once with 503,
 * Retry-After and { success: false, msg, code: 'BUSY' }, before any database work, so that the
 * requests already admitted keep their speed and every client gets an answer. Signals: the
 * event-loop delay and heap (sampled by @fastify/under-pressure), the database's waiters and the
 * oldest one's wait (db/client.ts), and the API requests in flight.
 *
 * The check runs twice: in the raw HTTP server ahead of Fastify (serverFactory below: a shed
 * request costs microseconds, no routing, no hooks), and in an onRequest hook for what reaches
 * Fastify by other paths (inject() in tests).
 */
export class LoadShedder {
  private app: FastifyInstance | undefined;
  private inFlight = 0;
  private readonly shedCounts = new Map<ShedReason, number>();
  private unlogged = new Map<ShedReason, number>();
  private logTimer: NodeJS.Timeout | undefined;
  private readonly body: string;
  /** The event-loop turn now running: when it read its first API request (performance.now()), and how many it read. */
  private turn: { startedAt: number; requests: number } | undefined;
  private readonly endTurn = () => {
    this.turn = undefined;
  };

  constructor(readonly settings: LoadSheddingSettings) {
    this.body = SHED_ANSWER_BODY;
  }

  get retryAfter(): string {
    return String(this.settings.retryAfterSeconds);
  }

  /** Requests shed so far, by reason (metrics). */
  get shed(): ReadonlyMap<ShedReason, number> {
    return this.shedCounts;
  }

  /**
   * Why a new API request should be shed now, or undefined to serve it. The hook path leaves out
   * the requests in flight: the raw server has already counted (and admitted) this one among them.
   */
  reason(countInFlight = true): LoadReason | undefined {
    if (!this.settings.enabled || !this.app) return undefined;
    const { settings } = this;
    if (countInFlight && this.inFlight >= settings.inFlight) return 'in-flight';
    const { eventLoopDelay, heapUsed } = this.app.memoryUsage();
    if (eventLoopDelay > settings.eventLoopDelayMs) return 'event-loop-delay';
    if (heapUsed > settings.heapUsedMb * 1024 * 1024) return 'heap';
    const connections = this.app.dbHandle.connections();
    if (connections.waiting >= settings.dbWaiters) return 'db-waiters';
    if (connections.oldestWaitMs > settings.dbWaitMs) return 'db-wait';
    return undefined;
  }

  pressure(database: DatabaseHandle): Pressure {
    const reason = this.reason();
    const usage = this.app?.memoryUsage();
    const connections = database.connections();
    return {
      shedding: reason !== undefined,
      ...(reason ? { reason } : {}),
      eventLoopDelayMs: Math.round(usage?.eventLoopDelay ?? 0),
      heapUsedMb: Math.round((usage?.heapUsed ?? 0) / 1024 / 1024),
      dbWaiters: connections.waiting,
      dbOldestWaitMs: Math.round(connections.oldestWaitMs),
      inFlight: this.inFlight,
    };
  }

  /**
   * 'event-loop-turn' once the turn now running has read more API requests than the in-flight
   * limit and spent more than its budget on them. Under a rush every connection's next request is
   * read in one turn, and the ones read last wait for all the others: the sampled event-loop delay
   * sees that only after the turn, and the requests in flight never pile up when answers come from
   * the cache within the turn. Shedding the rest of such a turn bounds what a served request
   * waits, and a shed answer costs a fraction of a served one. A long turn with few requests (a
   * garbage collection, a cold cache at 50 connections) is no rush: nothing is shed for it.
   * The turn starts at its first API request; a setImmediate (run once its reading is done) ends it.
   */
  private turnReason(): ShedReason | undefined {
    if (!this.settings.enabled) return undefined;
    const now = performance.now();
    if (this.turn === undefined) {
      this.turn = { startedAt: now, requests: 1 };
      setImmediate(this.endTurn);
      return undefined;
    }
    const { turn, settings } = this;
    turn.requests++;
    return turn.requests > settings.inFlight && now - turn.startedAt > settings.turnMs ? 'event-loop-turn' : undefined;
  }

  /** The raw server's handler: sheds or counts an API request, then hands it to Fastify. */
  wrap(handler: http.RequestListener): http.RequestListener {
    return (request, response) => {
      const url = request.url ?? '';
      if (url.startsWith(SHED_PREFIX)) {
        const reason = this.turnReason() ?? this.reason();
        if (reason) {
          this.count(reason);
          response.writeHead(503, {
            'content-type': 'application/json; charset=utf-8',
            'content-length': Buffer.byteLength(this.body),
            'retry-after': this.retryAfter,
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          });
          response.end(this.body);
          return;
        }
        if (!url.startsWith(LIVE_STREAM_PATH)) {
          this.inFlight++;
          response.once('close', () => this.inFlight--);
        }
      }
      handler(request, response);
    };
  }

  /** Fastify's hook path: the same answer through the reply (which adds the security headers). */
  answer(reply: FastifyReply, reason: ShedReason) {
    return this.prepare(reply, reason).send(this.body);
  }

  /** Counts the shed request and sets the reply's status and headers; the caller sends `body`. */
  prepare(reply: FastifyReply, reason: ShedReason): FastifyReply {
    this.count(reason);
    return reply
      .status(503)
      .header('retry-after', this.retryAfter)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8');
  }

  /** The JSON text of every shed answer. */
  get answerBody(): string {
    return this.body;
  }

  attach(app: FastifyInstance) {
    this.app = app;
    this.logTimer = setInterval(() => this.logShed(), SHED_LOG_INTERVAL_MS).unref();
  }

  detach() {
    clearInterval(this.logTimer);
    this.logShed();
  }

  private count(reason: ShedReason) {
    this.shedCounts.set(reason, (this.shedCounts.get(reason) ?? 0) + 1);
    this.unlogged.set(reason, (this.unlogged.get(reason) ?? 0) + 1);
  }

  private logShed() {
    if (this.unlogged.size === 0 || !this.app) return;
    this.app.log.warn({ shed: Object.fromEntries(this.unlogged) }, 'busy: API requests shed with 503');
    this.unlogged = new Map();
  }
}

/**
 * Fastify's serverFactory: the HTTP server Fastify would make (same timeouts), with the shedder
 * in front of its handler.
 */
export function sheddingServerFactory(shedder: LoadShedder) {
  return (handler: http.RequestListener, options: FastifyServerOptions) => {
    const server = http.createServer(shedder.wrap(handler));
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * Samples event-loop delay and heap (@fastify/under-pressure, which sheds by itself in its own
 * onRequest hook), and adds the hook for the app's own signals. Registered before any hook
 * that reads the database (authentication).
 */
export async function registerLoadShedding(app: FastifyInstance, shedder: LoadShedder) {
  const { settings } = shedder;
  await app.register(underPressure, {
    sampleInterval: settings.sampleIntervalMs,
    ...(settings.enabled
      ? {
          maxEventLoopDelay: settings.eventLoopDelayMs,
          maxHeapUsedBytes: settings.heapUsedMb * 1024 * 1024,
          retryAfter: settings.retryAfterSeconds,
          // Anything but the API goes on (undefined); for the API, what is returned is sent.
          pressureHandler: (request, reply, type) => {
            if (!request.url.startsWith(SHED_PREFIX)) return undefined;
            shedder.prepare(reply, type === underPressure.TYPE_HEAP_USED_BYTES ? 'heap' : 'event-loop-delay');
            return shedder.answerBody as unknown as void;
          },
        }
      : {}),
  });
  shedder.attach(app);
  app.addHook('onClose', async () => shedder.detach());
  if (!settings.enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(SHED_PREFIX)) return;
    const reason = shedder.reason(false);
    if (reason) return shedder.answer(reply, reason);
  });
}
