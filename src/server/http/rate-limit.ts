import { isIP } from 'node:net';
import { eq, lt } from 'drizzle-orm';
import { authMessages } from '#domain/users/auth.messages.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/client.ts';
import { runWritten } from '../db/prepared.ts';
import { rateLimits } from '../db/schema/index.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Fixed-window rate limits kept in the database, so they hold across every server instance.
 * A rule allows `limit` hits per `windowMs` for one subject (an IP, an e-mail address …).
 */
export interface RateLimitRule {
  /** Unique name; part of the stored key, so renaming a rule starts it afresh. */
  name: string;
  limit: number;
  windowMs: number;
  /** The msg of the 429 answer; defaults to the generic "Too many requests". */
  message?: (retryAfterSeconds: number) => string;
}

export interface RateLimitHit {
  rule: RateLimitRule;
  subject: string;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

function keyOf({ rule, subject }: RateLimitHit): string {
  return `${rule.name}:${subject.toLowerCase()}`;
}

/**
 * One hit on each key (distinct, each with its own window), in one atomic upsert: a new window,
 * the next hit of the current one, or the first of a new one once it is over. Keys are written
 * in the order given, so concurrent callers with the same rules lock them alike (no deadlock).
 */
const COUNT_HITS = {
  name: 'count-rate-limit-hits',
  text: `
  insert into rate_limits (key, hits, reset_at)
  select key, 1, reset_at from unnest($1::text[], $2::timestamptz[]) with ordinality as hit(key, reset_at, position)
   order by position
  on conflict (key) do update set
    hits = case when rate_limits.reset_at <= $3::timestamptz then 1 else rate_limits.hits + 1 end,
    reset_at = case when rate_limits.reset_at <= $3::timestamptz then excluded.reset_at else rate_limits.reset_at end
  returning key, hits, (extract(epoch from reset_at) * 1000)::float8 as reset_ms`,
};

/**
 * Counts one hit on each rule in one round trip (a message counts against a burst and a daily
 * limit) and tells, in the order given, whether each is within its limit: concurrent callers on
 * any instance each see their own count. The keys must be distinct (enforceRateLimits sees to it).
 */
async function countHits(db: Queryable, clock: Clock, hits: RateLimitHit[]): Promise<RateLimitResult[]> {
  const now = clock.now();
  const keys = hits.map(keyOf);
  const rows = await runWritten<{ key: string; hits: number; reset_ms: number }>(db, {
    ...COUNT_HITS,
    values: [keys, hits.map(({ rule }) => new Date(now.getTime() + rule.windowMs).toISOString()), now.toISOString()],
  });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return hits.map((hit, index) => {
    const row = byKey.get(keys[index]!);
    const count = row?.hits ?? 1;
    const resetMs = row?.reset_ms ?? now.getTime() + hit.rule.windowMs;
    return {
      allowed: count <= hit.rule.limit,
      hits: count,
      retryAfterSeconds: Math.max(1, Math.ceil((resetMs - now.getTime()) / 1000)),
    };
  });
}

/** Counts one hit and tells whether it is within the limit. */
export async function countHit(db: Queryable, clock: Clock, hit: RateLimitHit): Promise<RateLimitResult> {
  const [result] = await countHits(db, clock, [hit]);
  return result!;
}

/**
 * Counts a hit on every rule (so each limit sees every attempt) and throws 429 with
 * Retry-After when any of them is over its limit.
 */
export async function enforceRateLimits(db: Queryable, clock: Clock, hits: RateLimitHit[]): Promise<void> {
  // One statement cannot count the same key twice: such a list (no caller's) counts hit by hit.
  const distinct = new Set(hits.map(keyOf)).size === hits.length;
  const results = distinct ? await countHits(db, clock, hits) : await Promise.all(hits.map((hit) => countHit(db, clock, hit)));
  const refused = results
    .map((result, index) => ({ result, rule: hits[index]!.rule }))
    .filter(({ result }) => !result.allowed)
    .sort((a, b) => b.result.retryAfterSeconds - a.result.retryAfterSeconds)[0];
  if (!refused) return;
  const seconds = refused.result.retryAfterSeconds;
  throw tooManyRequests(seconds, refused.rule.message?.(seconds) ?? authMessages.tooManyRequests);
}

/** Forgets a subject's count, e.g. when the action it limited did not happen after all. */
export async function resetRateLimit(db: Queryable, hit: RateLimitHit): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(hit)));
}

/** Drops counters whose window is over; they would start afresh anyway. */
export async function pruneRateLimits(db: Queryable, clock: Clock): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, clock.now()));
}

/**
 * The subject for per-address limits. An IPv6 client usually controls a whole /64, so it
 * counts as one; IPv4 (and IPv4-mapped IPv6) addresses count as themselves.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}
