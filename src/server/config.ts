import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';
import { EXPIRY_WARNING_DAYS, LISTING_TTL_DAYS_DEFAULT } from '#domain/alerts/listing-lifecycle.ts';
import { MESSAGE_MAIL_DELAY_MS } from '#domain/conversations/conversation.constants.ts';

const commaList = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** true / false (or 1 / 0, yes / no); undefined when unset, so the default can depend on other settings. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .optional()
  .transform((raw) => (raw === undefined ? undefined : ['true', '1', 'yes'].includes(raw)));

/**
 * SITE_TIME_ZONE: an IANA zone name (Area/Location, or UTC) that this Node.js knows. Abbreviations
 * such as IST or EST are refused even where ICU accepts them: they are ambiguous across the world.
 */
const ianaTimeZone = z
  .string()
  .default('Asia/Kolkata')
  .refine((zone) => /^(UTC|[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)+)$/.test(zone) && isKnownTimeZone(zone), {
    error: 'must be an IANA time zone name such as Asia/Kolkata or Europe/Berlin',
  });

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/**
 * TRUST_PROXY: 'true' / 'false', a hop count, or a comma list of addresses and CIDRs,
 * handed to Fastify's trustProxy option as such.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const value = (raw ?? 'false').trim();
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((item) => item.trim());
    if (list.every((item) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item))) return list;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of IPs/CIDRs' });
    return z.NEVER;
  });

/** A whole number of at least 1 (limits and thresholds), with its default when one is given. */
function positiveWhole(fallback?: number) {
  const number = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1');
  return fallback === undefined ? number : number.default(fallback);
}

/** PostgreSQL connections a process keeps by default (see Config.databasePoolSize). */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Campus Market <no-reply@campus-market.local>'),
    ADMIN_EMAILS: commaList.pipe(z.array(z.email({ error: 'must be a comma list of e-mail addresses' }))),
    ALLOWED_EMAIL_DOMAINS: commaList.pipe(
      z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a comma list of domains')),
    ),
    PUBLIC_URL: httpUrl.optional(),
    CORS_ORIGINS: commaList.pipe(z.array(httpUrl)),
    TRUST_PROXY: trustProxy,
    CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@campus-market.local'),
    CONTACT_PHONE: z
      .string()
      .regex(/^\+?[0-9 ]{8,16}$/, 'must be a phone number')
      .default('+91 98765 43210'),
    CAMPUS_MAP_EMBED_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
    DEMO_DATA: booleanFlag,
    SITE_TIME_ZONE: ianaTimeZone,
    WORKERS: booleanFlag,
    REPORT_HIDE_THRESHOLD: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(3),
    LISTING_TTL_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(EXPIRY_WARNING_DAYS + 1, `must be at least ${EXPIRY_WARNING_DAYS + 1} days`)
      .max(3650, 'must be at most 3650 days')
      .default(LISTING_TTL_DAYS_DEFAULT),
    CLOCK_OFFSET_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .min(0, 'must be 0 or more days')
      .max(3650, 'must be at most 3650 days')
      .default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: httpUrl.optional(),
    S3_FORCE_PATH_STYLE: booleanFlag,
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'must be a VAPID public key (65 bytes, base64url), e.g. from npx web-push generate-vapid-keys',
      )
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (32 bytes, base64url)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https URL')
      .optional(),
    PUSH_LOCAL_ENDPOINTS: booleanFlag,
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (a random secret)').optional(),
    LISTING_CACHE_MB: positiveWhole().optional(),
    LISTING_ORDER_ROWS: positiveWhole(5000),
    DATABASE_POOL_SIZE: positiveWhole(DEFAULT_DATABASE_POOL_SIZE),
    LOAD_SHEDDING: booleanFlag,
    SHED_EVENT_LOOP_DELAY_MS: positiveWhole(300),
    SHED_TURN_MS: positiveWhole(40),
    SHED_HEAP_USED_MB: positiveWhole().optional(),
    SHED_DB_WAITERS: positiveWhole(200),
    SHED_DB_WAIT_MS: positiveWhole(500),
    SHED_IN_FLIGHT: positiveWhole(64),
    SHED_RETRY_AFTER_SECONDS: positiveWhole(3),
    LIVE_STREAMS_PER_USER: positiveWhole(5),
    LIVE_STREAMS_PER_INSTANCE: positiveWhole(5000),
    UPLOADS_PER_USER: positiveWhole(2),
    WEB_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number of processes' })
      .int('must be a whole number of processes')
      .min(1, 'must be at least 1')
      .max(256, 'must be at most 256')
      .optional(),
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'and VAPID_PUBLIC_KEY go together' });
    }
    if (env.STORAGE !== 's3') return;
    if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with STORAGE=s3' });
    if (!env.S3_PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['S3_PUBLIC_URL'], message: 'is required with STORAGE=s3' });
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'and S3_ACCESS_KEY_ID go together' });
    }
  });

export type Config = ReturnType<typeof toConfig>;

/**
 * Each worker's listing cache by default: 256 MB, or less on a small machine (a sixteenth of its
 * memory shared by the workers), never under 16 MB.
 */
function defaultListingCacheMb(workers: number): number {
  const sixteenth = os.totalmem() / 1024 / 1024 / 16 / workers;
  return Math.max(16, Math.min(256, Math.floor(sixteenth)));
}

function toConfig(env: z.output<typeof envSchema>) {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const webConcurrency = env.DATABASE_URL ? (env.WEB_CONCURRENCY ?? os.availableParallelism()) : 1;
  const secureCookies = publicUrl.startsWith('https://');
  /** A real install: NODE_ENV=production, or a site served over https. */
  const production = env.NODE_ENV === 'production' || secureCookies;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /**
     * PostgreSQL connections each process keeps (its pool). Few on purpose: on a 2-core machine
     * shared with the database, 4 a worker served varied reads 1.5–2× faster than 10, because 20
     * queries at once only make each take longer (docs/decisions/0039-few-connections-a-worker.md).
     */
    databasePoolSize: env.DATABASE_POOL_SIZE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminEmails: env.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    allowedEmailDomains: env.ALLOWED_EMAIL_DOMAINS.map((domain) => domain.toLowerCase()),
    publicUrl: publicUrl.replace(/\/$/, ''),
    /** Cookies get Secure and the __Host- prefix only when the site is served over https. */
    secureCookies,
    production,
    corsOrigins: env.CORS_ORIGINS.map((origin) => new URL(origin).origin),
    trustProxy: env.TRUST_PROXY,
    contactEmail: env.CONTACT_EMAIL,
    contactPhone: env.CONTACT_PHONE,
    campusMapEmbedUrl: env.CAMPUS_MAP_EMBED_URL,
    /** The demo accounts share a published password: on by default only on a developer's machine. */
    demoData: env.DEMO_DATA ?? !production,
    /** The campus's zone: the admin statistics count calendar months in it, whatever the process's TZ. */
    siteTimeZone: env.SITE_TIME_ZONE,
    logLevel: env.LOG_LEVEL,
    /** Run background jobs (mail, housekeeping) in this instance; a deployment may run them apart. */
    workers: env.WORKERS ?? true,
    /** Where uploads live: DATA_DIR/uploads (local) or an S3-compatible bucket (storage/s3-storage.ts). */
    storage:
      env.STORAGE === 's3' && env.S3_BUCKET && env.S3_PUBLIC_URL
        ? {
            driver: 's3' as const,
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            publicUrl: env.S3_PUBLIC_URL.replace(/\/$/, ''),
            // Self-hosted services (MinIO, s3rver) want the bucket in the path; AWS takes either.
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          }
        : { driver: 'local' as const },
    /** /metrics on the app's port answers only with this bearer token; unset, it is not served there. */
    metricsToken: env.METRICS_TOKEN,
    /** A second listener serving only /metrics (bind it where only the scraper reaches). */
    metricsPort: env.METRICS_PORT,
    /** How long a message stays unread before it is e-mailed (issue 12); tests shorten it. */
    messageMailDelayMs: MESSAGE_MAIL_DELAY_MS,
    /**
     * Web Push: the VAPID key pair that signs every push (unset: generated once and kept in the
     * database, shared by every instance) and the contact the push services see.
     */
    vapid: {
      keys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL}`,
    },
    /**
     * Push endpoints on this machine (http://localhost, 127.0.0.1): a test push service. Off on a
     * production install unless PUSH_LOCAL_ENDPOINTS=true (the end-to-end tests' own push service).
     */
    pushAllowLocalHttp: env.PUSH_LOCAL_ENDPOINTS ?? !production,
    /** Distinct students whose reports hide a listing pending review. */
    reportHideThreshold: env.REPORT_HIDE_THRESHOLD,
    /** A listing not renewed for this many days expires (issue 24). */
    listingTtlDays: env.LISTING_TTL_DAYS,
    /**
     * How far ahead of the real time the app's clock runs, to try expiry, reminders and renew
     * links on a test install without waiting (issue 24's checks); refused on a production one.
     */
    clockOffsetMs: env.CLOCK_OFFSET_DAYS * 24 * 3600_000,
    /**
     * Megabytes of finished listing answers each worker process keeps (products/listing-cache.ts),
     * outside the JavaScript heap. A campus's varied reads (pages × sorts, searches, filters,
     * details) need hundreds of them: at 64 MB half the answers were computed again.
     */
    listingCacheMb: env.LISTING_CACHE_MB ?? defaultListingCacheMb(webConcurrency),
    /**
     * How many of the visible catalogue's first listings in each sort a worker keeps in order
     * (products/catalogue-order.ts), so any of the pages they fill is chosen in memory: the default
     * covers the first 200 pages of 24.
     */
    listingOrderRows: env.LISTING_ORDER_ROWS,
    /**
     * Load shedding (http/load-shedding.ts): past any limit a new /api/ request is answered 503 BUSY
     * at once. On by default with PostgreSQL; off on the embedded database (one process, tests)
     * unless LOAD_SHEDDING says otherwise.
     */
    loadShedding: {
      enabled: env.LOAD_SHEDDING ?? Boolean(env.DATABASE_URL),
      /** Mean event-loop delay (ms) over a sample. */
      eventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS,
      /** What one event-loop turn may spend on API requests (ms) before it sheds the rest it reads. */
      turnMs: env.SHED_TURN_MS,
      /** Heap in use (MB); unset: 90 % of this process's heap limit. */
      heapUsedMb: env.SHED_HEAP_USED_MB ?? Math.floor((v8.getHeapStatistics().heap_size_limit / 1024 / 1024) * 0.9),
      /** Callers waiting for a database connection. */
      dbWaiters: env.SHED_DB_WAITERS,
      /** How long (ms) the oldest caller has waited for a database connection. */
      dbWaitMs: env.SHED_DB_WAIT_MS,
      /** /api/ requests being answered at once by this instance. */
      inFlight: env.SHED_IN_FLIGHT,
      retryAfterSeconds: env.SHED_RETRY_AFTER_SECONDS,
      /** How often event-loop delay and heap are sampled (ms); tests sample faster. */
      sampleIntervalMs: 250,
    },
    /** Live streams one account may hold open on one instance; a further one closes its oldest. */
    liveStreamsPerUser: env.LIVE_STREAMS_PER_USER,
    /** Live streams one instance holds at most; past it a new one is refused 503 BUSY. */
    liveStreamsPerInstance: env.LIVE_STREAMS_PER_INSTANCE,
    /** Uploads (listing photos, profile picture) one account may send at once; a further one gets 429. */
    uploadsPerUser: env.UPLOADS_PER_USER,
    /**
     * Worker processes serving the port (node:cluster, process/cluster-primary.ts). PostgreSQL: one
     * per core unless WEB_CONCURRENCY says otherwise. The embedded database lives inside one process
     * and locks DATA_DIR, so it always runs one (a warning says so when more were asked).
     */
    webConcurrency,
    /** What WEB_CONCURRENCY asked for (unset: undefined), for the warning above. */
    webConcurrencyRequested: env.WEB_CONCURRENCY,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "unset", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = present[name];
      return `${name} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const config = toConfig(parsed.data);
  if (config.production && config.clockOffsetMs > 0) {
    throw new ConfigError(
      'Invalid configuration: CLOCK_OFFSET_DAYS is for test installs; a production install keeps the real time',
    );
  }
  return config;
}

/**
 * Settings that work but put the site at risk, each as one line for the start-up log. The
 * server starts anyway: they may be what a developer wants on their own machine.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.allowedEmailDomains.length === 0) {
    warnings.push('ALLOWED_EMAIL_DOMAINS is not set: any e-mail address can register');
  }
  if (config.production && config.demoData) {
    warnings.push(
      `DEMO_DATA=true on a production install: an empty embedded database gets demo accounts (an admin ` +
        `among them) whose password is published. Set DEMO_DATA=false unless this is a demo site.`,
    );
  }
  if (!config.workers && !config.databaseUrl) {
    warnings.push(
      'WORKERS=false with the embedded database: no other process can run its jobs, so no mail is sent ' +
        'until a server starts with WORKERS on.',
    );
  }
  if (!config.databaseUrl && (config.webConcurrencyRequested ?? 1) > 1) {
    warnings.push(
      `WEB_CONCURRENCY=${config.webConcurrencyRequested} is ignored with the embedded database (PGlite): it lives ` +
        'inside one process, so the server runs one. Set DATABASE_URL to a PostgreSQL server to run one worker per core.',
    );
  }
  if (config.production && config.pushAllowLocalHttp) {
    warnings.push('PUSH_LOCAL_ENDPOINTS=true on a production install: accounts may register push endpoints on this machine.');
  }
  if (config.trustProxy === true) {
    warnings.push(
      'TRUST_PROXY=true believes every X-Forwarded-For hop, so any caller can choose the address its ' +
        'per-IP limits count against. Set the number of proxies in front of the app (e.g. TRUST_PROXY=1) ' +
        'or their addresses instead.',
    );
  }
  return warnings;
}

/** A configuration for tests: defaults plus overrides, never the developer's own environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false' }), ...overrides };
}
