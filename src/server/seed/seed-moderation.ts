import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { JOB_SCHEMA } from '../jobs/job-queue.ts';

/** Listings reported: 1 to 4 students each, the first OPEN_TARGETS of them still open. */
const REPORTED_LISTINGS = 3_000;
const OPEN_TARGETS = 400;
/** Profiles reported, one or two students each, one in five still open. */
const REPORTED_USERS = 150;
/** Audit rows over the last two years, every 50th the system's own end of a suspension. */
const AUDIT_ROWS = 50_000;
/** The kinds of the app's job queues, and how many jobs of each a busy day leaves in them. */
const JOB_KINDS = [
  'mail.deliver',
  'mail.housekeeping',
  'auth.housekeeping',
  'moderation.lift-expired',
  'conversation.message-mail',
];
const COMPLETED_MAIL_JOBS = 5_000;
const FAILED_MAIL_JOBS = 40;

export interface ModerationSeedContext {
  db: Database;
  progress(line: string): void;
}

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Moderation data for the EXPLAIN plans (scripts/explain-moderation.ts), in bulk SQL over the
 * seeded catalogue: a few thousand reports (some hundreds open, listings with three or more open
 * reports hidden pending review), tens of thousands of audit rows by five admins and the system,
 * and the job queues as a busy day leaves them. Does nothing when reports are already there;
 * answers the number of reports added.
 */
export async function seedModerationBench(ctx: ModerationSeedContext): Promise<number> {
  const added = (await count(ctx.db, sql`select count(*)::int as n from reports`)) > 0 ? 0 : await seedReportsAndAudit(ctx);
  const job = sql.raw(`${JOB_SCHEMA}.job`);
  if ((await count(ctx.db, sql`select count(*)::int as n from ${job}`)) === 0) await seedJobs(ctx);
  await ctx.db.execute(sql`analyze reports; analyze audit_log; analyze products; analyze ${job}`);
  return added;
}

async function seedReportsAndAudit(ctx: ModerationSeedContext): Promise<number> {
  const { db } = ctx;
  if ((await count(db, sql`select count(*)::int as n from products`)) < REPORTED_LISTINGS) {
    throw new Error(`seed at least ${REPORTED_LISTINGS} listings first: reports are about them`);
  }

  ctx.progress('Adding reports…');
  // Reporter k of target n is student (13n + 31k) mod S: distinct for k = 1..4, so each reports once.
  await db.execute(sql`
    with targets as (
      select id, seller_id, row_number() over (order by id) as n
        from (select id, seller_id from products tablesample system (10) limit ${REPORTED_LISTINGS}) picked
    ), students as (
      select id, row_number() over (order by id) - 1 as n, count(*) over () as total from users where not is_admin
    )
    insert into reports (target_type, target_id, target_user_id, reporter_id, reason, details, status, created_at, resolved_at, outcome)
    select 'listing', t.id, t.seller_id, s.id,
           (array['prohibited-item', 'scam', 'offensive', 'spam', 'misleading', 'other'])[1 + (t.n + k) % 6],
           case when (t.n + k) % 6 = 5 then 'Not what the photos show, and the seller stopped answering.' end,
           case when t.n <= ${OPEN_TARGETS} then 'open' when t.n % 3 = 0 then 'actioned' else 'dismissed' end,
           created, case when t.n > ${OPEN_TARGETS} then created + interval '1 day' end,
           case when t.n <= ${OPEN_TARGETS} then null when t.n % 3 = 0 then 'removed' else 'no-action' end
      from targets t
     cross join generate_series(1, 1 + (t.n % 4)::int) k
      join students s on s.n = (13 * t.n + 31 * k) % s.total
     cross join lateral (select now() - case when t.n <= ${OPEN_TARGETS} then (t.n * 30 + k) * interval '1 minute'
                                             else (t.n * 5 + k) * interval '1 hour' end as created) c
     where s.id <> t.seller_id`);
  await db.execute(sql`
    with targets as (
      select id, row_number() over (order by created_at) as n from users where not is_admin limit ${REPORTED_USERS}
    ), students as (
      select id, row_number() over (order by id) - 1 as n, count(*) over () as total from users where not is_admin
    )
    insert into reports (target_type, target_id, target_user_id, reporter_id, reason, status, created_at, resolved_at, outcome)
    select 'user', t.id, t.id, s.id, 'scam',
           case when t.n % 5 = 0 then 'open' else 'dismissed' end,
           now() - t.n * interval '1 day', case when t.n % 5 <> 0 then now() - t.n * interval '1 day' + interval '2 hours' end,
           case when t.n % 5 <> 0 then 'no-action' end
      from targets t cross join generate_series(1, 1 + (t.n % 2)::int) k
      join students s on s.n = (7 * t.n + 41 * k) % s.total
     where s.id <> t.id`);
  await db.execute(sql`
    update products set under_review = true
     where id in (select target_id from reports where status = 'open' and target_type = 'listing'
                  group by target_id having count(*) >= 3)`);

  ctx.progress(`Adding ${AUDIT_ROWS.toLocaleString('en')} audit rows…`);
  await db.execute(sql`
    with admins as (
      select id, email, row_number() over (order by id) - 1 as n from (
        select id, email from users where is_admin
        union all select gen_random_uuid(), 'admin' || g || '@campus.example' from generate_series(1, 4) g
        limit 5) a
    ), people as (select array_agg(id order by id) as ids from users where not is_admin),
    listings as (select array_agg(id) as ids from (select id from products tablesample system (5) limit 5000) p),
    actions as (
      select array['moderation.dismiss', 'moderation.dismiss', 'moderation.remove-listing', 'moderation.warn',
                   'moderation.suspend', 'moderation.ban', 'moderation.lift', 'product.edit', 'product.delete',
                   'user.delete', 'job.retry', 'prohibited-word.add'] as names
    )
    insert into audit_log (actor_id, actor_email, action, target_type, target_id, subject_user_id, details, created_at)
    select case when g % 50 = 0 then null else a.id end,
           case when g % 50 = 0 then null else a.email end,
           act.name,
           case when act.name in ('moderation.dismiss', 'moderation.remove-listing', 'product.edit', 'product.delete') then 'listing'
                when act.name = 'job.retry' then 'job' when act.name = 'prohibited-word.add' then 'word' else 'user' end,
           case when act.name in ('moderation.dismiss', 'moderation.remove-listing', 'product.edit', 'product.delete')
                  then (l.ids[1 + g % array_length(l.ids, 1)])::text
                when act.name = 'job.retry' then gen_random_uuid()::text
                when act.name = 'prohibited-word.add' then 'word' || g
                else (p.ids[1 + g % array_length(p.ids, 1)])::text end,
           p.ids[1 + (g * 7) % array_length(p.ids, 1)],
           jsonb_build_object('reason', 'Reason number ' || g),
           now() - (${AUDIT_ROWS} - g) * (interval '2 years' / ${AUDIT_ROWS})
      from generate_series(1, ${AUDIT_ROWS}::int) g
      cross join people p cross join listings l cross join actions
      join admins a on a.n = g % 5
      cross join lateral (select case when g % 50 = 0 then 'moderation.expire' else names[1 + g % 12] end as name) act`);
  return count(db, sql`select count(*)::int as n from reports`);
}

async function seedJobs({ db, progress }: ModerationSeedContext): Promise<void> {
  progress('Filling the job queues…');
  for (const kind of JOB_KINDS)
    await db.execute(sql`select ${sql.raw(JOB_SCHEMA)}.create_queue(${kind}, '{"policy":"standard"}')`);
  const job = sql.raw(`${JOB_SCHEMA}.job`);
  await db.execute(sql`
    insert into ${job} (name, state, data, created_on, started_on, completed_on)
    select 'mail.deliver', 'completed'::${sql.raw(JOB_SCHEMA)}.job_state, jsonb_build_object('mailId', gen_random_uuid()), at, at, at
      from (select now() - g * interval '8 seconds' as at from generate_series(1, ${COMPLETED_MAIL_JOBS}::int) g) t
    union all
    select 'moderation.lift-expired', 'completed', '{}', at, at, at
      from (select now() - g * interval '1 minute' as at from generate_series(1, 720) g) t
    union all
    select 'mail.deliver', 'failed', jsonb_build_object('mailId', gen_random_uuid()), at, at, at
      from (select now() - g * interval '15 hours' as at from generate_series(1, ${FAILED_MAIL_JOBS}::int) g) t`);
}
