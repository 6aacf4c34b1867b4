import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '#domain/alerts/listing-lifecycle.ts';
import { type AlertContext, processListingEvent, pruneListingEvents } from './listing-events.ts';
import { type LifecycleContext, runListingExpiry } from './listing-lifecycle.ts';
import { loadRenewLinkKey } from './renew-links.ts';
import { sendSavedSearchDigests } from './saved-search-digest.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the listing lifecycle and the alerts need (alerts/alerts.ts). */
    lifecycle: LifecycleContext;
  }
}

/** Processed listing events are kept this long (for support questions), then pruned by the digest job. */
const LISTING_EVENTS_KEPT_MS = 30 * DAY_MS;

/**
 * The listing lifecycle and the alerts (issue 24): the expiry job (every ten minutes, once per
 * deployment), the job that turns each listing event into alerts, and the daily digest of
 * saved-search matches (08:00 in India).
 */
export function registerAlerts(app: FastifyInstance) {
  let key: Promise<Buffer> | undefined;
  const alerts: AlertContext = { db: app.db, clock: app.clock, jobs: app.jobs, events: app.events, config: app.config };
  const lifecycle: LifecycleContext = {
    ...alerts,
    config: app.config,
    renewLinkKey: () => {
      key ??= loadRenewLinkKey(app.db).catch((error: unknown) => {
        key = undefined;
        throw error;
      });
      return key;
    },
  };
  app.decorate('lifecycle', lifecycle);

  app.jobs.define({
    kind: 'alerts.listing-event',
    run: async ({ eventId }) => processListingEvent(alerts, eventId),
    retryLimit: 10,
    retryDelaySeconds: 10,
    timeoutSeconds: 300,
    concurrency: 2,
  });
  app.jobs.define({
    kind: 'listings.expire',
    run: async () => {
      const { warned, expired } = await runListingExpiry(lifecycle);
      if (warned + expired > 0) app.log.info({ warned, expired }, 'listing expiry');
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
    timeoutSeconds: 1800,
    concurrency: 1,
    schedule: '*/10 * * * *',
  });
  app.jobs.define({
    kind: 'saved-searches.digest',
    run: async () => {
      await sendSavedSearchDigests(alerts);
      await pruneListingEvents(app.db, new Date(app.clock.now().getTime() - LISTING_EVENTS_KEPT_MS));
    },
    retryLimit: 3,
    retryDelaySeconds: 300,
    timeoutSeconds: 3600,
    concurrency: 1,
    schedule: '30 2 * * *',
  });
}
