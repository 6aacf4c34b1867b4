import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Storage } from '../storage/storage.ts';

/** What the moderation rules need from the app. */
export interface ModerationContext {
  db: Database;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  events: EventBus;
  storage: Storage;
  log: FastifyInstance['log'];
  sessionCache: FastifyInstance['sessionCache'];
}

export function moderationContextOf(app: FastifyInstance): ModerationContext {
  return {
    db: app.db,
    clock: app.clock,
    config: app.config,
    jobs: app.jobs,
    events: app.events,
    storage: app.storage,
    log: app.log,
    sessionCache: app.sessionCache,
  };
}

/** A moment as the site writes it to its users: date, time and zone of the campus. */
export function siteDateTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}
