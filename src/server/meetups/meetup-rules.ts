import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MEETUP_MAX_AHEAD_DAYS, MEETUP_MIN_LEAD_MS, MEETUP_REMINDER_BEFORE_MS } from '#domain/meetups/meetup.constants.ts';
import { meetupMessages as m } from '#domain/meetups/meetup.messages.ts';
import type { ProposeMeetupBody, SafeSpotBody } from '#domain/meetups/meetup.schemas.ts';
import type { ConversationMeetup, Meetup, SafeSpot } from '#domain/meetups/meetup.wire.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { conversations, meetupProposals, safeSpots, users } from '../db/schema/index.ts';
import type { EventBus } from '../events/event-bus.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { blockedEitherWay, findConversationOf } from '../conversations/conversations.repository.ts';
import { siteDateTime } from '../moderation/moderation-context.ts';
import { notify } from '../notifications/notify.ts';
import type { UserRow } from '../users/user.mapper.ts';
import {
  type MeetupView,
  type SafeSpotRow,
  findCurrentMeetups,
  findMeetup,
  findSafeSpot,
  listSafeSpots,
} from './meetups.repository.ts';

declare module '../jobs/job-queue.ts' {
  interface JobKinds {
    /** Reminds both sides of each accepted meet-up an hour before it (once). */
    'meetups.remind': Record<string, never>;
  }
}

export interface MeetupContext {
  db: Database;
  clock: Clock;
  config: Config;
  jobs: JobQueue;
  events: EventBus;
}

export function meetupContextOf(app: FastifyInstance): MeetupContext {
  return { db: app.db, clock: app.clock, config: app.config, jobs: app.jobs, events: app.events };
}

export function toSafeSpotWire(row: SafeSpotRow): SafeSpot {
  return { _id: row.id, name: row.name, mapUrl: row.mapUrl, removed: row.removedAt !== null };
}

function toMeetupWire(row: MeetupView, viewerId: string): Meetup {
  return {
    _id: row.id,
    status: row.status,
    spot: { _id: row.spotId, name: row.spotName, mapUrl: row.spotMapUrl },
    meetAt: row.meetAt.toISOString(),
    proposerId: row.proposerId,
    proposerName: row.proposerName ?? 'Deleted user',
    mine: row.proposerId === viewerId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

async function requireConversation(db: Queryable, conversationId: string, viewerId: string, lock?: 'update') {
  const conversation = isUuid(conversationId) ? await findConversationOf(db, conversationId, viewerId, lock) : undefined;
  if (!conversation) throw notFound(m.conversationNotFound);
  return conversation;
}

/** GET /conversations/{id}/meetup: the agreed meet-up and the proposal waiting, for the two participants only. */
export async function conversationMeetup(
  ctx: MeetupContext,
  viewer: UserRow,
  conversationId: string,
): Promise<ConversationMeetup> {
  const conversation = await requireConversation(ctx.db, conversationId, viewer.id);
  const rows = await findCurrentMeetups(ctx.db, conversation.id);
  const accepted = rows.find((row) => row.status === 'accepted');
  const proposal = rows.find((row) => row.status === 'proposed');
  return {
    success: true,
    accepted: accepted ? toMeetupWire(accepted, viewer.id) : null,
    proposal: proposal ? toMeetupWire(proposal, viewer.id) : null,
  };
}

async function otherSideOf(tx: Queryable, conversation: { buyerId: string | null; sellerId: string | null }, viewerId: string) {
  const otherId = conversation.buyerId === viewerId ? conversation.sellerId : conversation.buyerId;
  if (!otherId) throw conflict(m.otherGone);
  const [other] = await tx
    .select({ id: users.id, email: users.email, userName: users.userName })
    .from(users)
    .where(eq(users.id, otherId));
  if (!other) throw conflict(m.otherGone);
  return other;
}

/**
 * POST /conversations/{id}/meetup: a participant proposes a safe spot and a time; an open proposal
 * (theirs, or the other side's: a counter-suggestion) is replaced. The other side is told.
 */
export async function proposeMeetup(
  ctx: MeetupContext,
  viewer: UserRow,
  conversationId: string,
  body: ProposeMeetupBody,
): Promise<Meetup> {
  const spot = isUuid(body.spotId) ? await findSafeSpot(ctx.db, body.spotId) : undefined;
  if (!spot || spot.removedAt) throw badRequest(m.spotNotFound);
  const meetAt = new Date(body.meetAt);
  const now = ctx.clock.now();
  if (meetAt.getTime() < now.getTime() + MEETUP_MIN_LEAD_MS) throw badRequest(m.timeInPast);
  if (meetAt.getTime() > now.getTime() + MEETUP_MAX_AHEAD_DAYS * 24 * 3600_000) throw badRequest(m.timeTooFar);
  const id = await ctx.db.transaction(async (tx) => {
    const conversation = await requireConversation(tx, conversationId, viewer.id, 'update');
    const other = await otherSideOf(tx, conversation, viewer.id);
    if (await blockedEitherWay(tx, viewer.id, other.id)) throw forbidden(m.blocked);
    await tx
      .update(meetupProposals)
      .set({ status: 'replaced', decidedAt: now })
      .where(and(eq(meetupProposals.conversationId, conversation.id), eq(meetupProposals.status, 'proposed')));
    const [row] = await tx
      .insert(meetupProposals)
      .values({ conversationId: conversation.id, proposerId: viewer.id, spotId: spot.id, meetAt, createdAt: now })
      .returning({ id: meetupProposals.id });
    await notify(tx, ctx, {
      to: other,
      kind: 'meetup.proposed',
      payload: {
        productTitle: conversation.productTitle,
        conversationId: conversation.id,
        proposerName: viewer.userName,
        spotName: spot.name,
        meetAt: meetAt.toISOString(),
        when: siteDateTime(meetAt, ctx.config.siteTimeZone),
      },
      mail: {},
    });
    return row!.id;
  });
  return toMeetupWire((await findMeetup(ctx.db, id))!, viewer.id);
}

/** POST /conversations/{id}/meetup/{proposalId}/accept: the other side agrees; it replaces an earlier agreed meet-up. */
export async function acceptMeetup(
  ctx: MeetupContext,
  viewer: UserRow,
  conversationId: string,
  proposalId: string,
): Promise<Meetup> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const conversation = await requireConversation(tx, conversationId, viewer.id, 'update');
    const proposal = isUuid(proposalId) ? await findMeetup(tx, proposalId) : undefined;
    if (!proposal || proposal.conversationId !== conversation.id) throw notFound(m.proposalNotFound);
    if (proposal.status !== 'proposed') throw conflict(m.notOpen);
    if (proposal.proposerId === viewer.id) throw forbidden(m.cannotAcceptOwn);
    if (proposal.meetAt <= now) throw conflict(m.timePassed);
    const other = await otherSideOf(tx, conversation, viewer.id);
    if (await blockedEitherWay(tx, viewer.id, other.id)) throw forbidden(m.blocked);
    await tx
      .update(meetupProposals)
      .set({ status: 'replaced' })
      .where(and(eq(meetupProposals.conversationId, conversation.id), eq(meetupProposals.status, 'accepted')));
    await tx.update(meetupProposals).set({ status: 'accepted', decidedAt: now }).where(eq(meetupProposals.id, proposal.id));
    await notify(tx, ctx, {
      to: other,
      kind: 'meetup.accepted',
      payload: {
        productTitle: conversation.productTitle,
        conversationId: conversation.id,
        accepterName: viewer.userName,
        spotName: proposal.spotName,
        meetAt: proposal.meetAt.toISOString(),
        when: siteDateTime(proposal.meetAt, ctx.config.siteTimeZone),
      },
      mail: {},
    });
  });
  return toMeetupWire((await findMeetup(ctx.db, proposalId))!, viewer.id);
}

/**
 * Every accepted meet-up starting within the hour (by the app's clock) and not yet reminded:
 * each is claimed by setting reminded_at (so a second run skips it), and both sides are told,
 * in one transaction. Reads meetup_proposals_reminder_idx.
 */
export async function sendMeetupReminders(ctx: MeetupContext): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: meetupProposals.id })
    .from(meetupProposals)
    .where(
      and(
        eq(meetupProposals.status, 'accepted'),
        isNull(meetupProposals.remindedAt),
        lte(meetupProposals.meetAt, new Date(now.getTime() + MEETUP_REMINDER_BEFORE_MS)),
        gt(meetupProposals.meetAt, now),
      ),
    )
    .limit(200);
  let reminded = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(meetupProposals)
        .set({ remindedAt: now })
        .where(and(eq(meetupProposals.id, id), isNull(meetupProposals.remindedAt), eq(meetupProposals.status, 'accepted')))
        .returning({
          conversationId: meetupProposals.conversationId,
          meetAt: meetupProposals.meetAt,
          spotId: meetupProposals.spotId,
        });
      if (!claimed) return;
      const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, claimed.conversationId));
      const [spot] = await tx.select({ name: safeSpots.name }).from(safeSpots).where(eq(safeSpots.id, claimed.spotId));
      if (!conversation?.buyerId || !conversation.sellerId || !spot) return;
      const people = await tx
        .select({ id: users.id, email: users.email, userName: users.userName })
        .from(users)
        .where(sql`${users.id} in (${conversation.buyerId}, ${conversation.sellerId})`)
        .orderBy(users.id);
      if (people.length !== 2) return;
      for (const person of people) {
        const other = people.find((p) => p.id !== person.id)!;
        await notify(tx, ctx, {
          to: person,
          kind: 'meetup.reminder',
          payload: {
            productTitle: conversation.productTitle,
            conversationId: conversation.id,
            otherName: other.userName,
            spotName: spot.name,
            meetAt: claimed.meetAt.toISOString(),
            when: siteDateTime(claimed.meetAt, ctx.config.siteTimeZone),
          },
          mail: {},
        });
        reminded += 1;
      }
    });
  }
  return reminded;
}

export function registerMeetupReminders(app: FastifyInstance) {
  const ctx = meetupContextOf(app);
  app.jobs.define({
    kind: 'meetups.remind',
    run: async () => {
      await sendMeetupReminders(ctx);
    },
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds: 120,
    concurrency: 1,
    schedule: '* * * * *',
  });
}

// Safe spots (admins)

export async function listSpots(db: Database, withRemoved: boolean): Promise<SafeSpot[]> {
  return (await listSafeSpots(db, { withRemoved })).map(toSafeSpotWire);
}

export async function addSafeSpot(ctx: MeetupContext, admin: UserRow, body: SafeSpotBody): Promise<SafeSpot> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(safeSpots).values({ name: body.name, mapUrl: body.mapUrl }).returning();
      await recordAudit(tx, admin, { action: 'safe-spot.add', targetType: 'safe-spot', targetId: inserted!.id, details: body });
      return inserted!;
    });
    return toSafeSpotWire(row);
  } catch (error) {
    if (isUniqueViolation(error, 'safe_spots_name_key')) throw conflict(m.spotNameTaken);
    throw error;
  }
}

export async function editSafeSpot(ctx: MeetupContext, admin: UserRow, id: string, body: SafeSpotBody): Promise<SafeSpot> {
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(safeSpots)
        .set({ name: body.name, mapUrl: body.mapUrl, updatedAt: ctx.clock.now() })
        .where(and(eq(safeSpots.id, id), isNull(safeSpots.removedAt)))
        .returning();
      if (!updated) throw notFound(m.spotMissing);
      await recordAudit(tx, admin, { action: 'safe-spot.edit', targetType: 'safe-spot', targetId: id, details: body });
      return updated;
    });
    return toSafeSpotWire(row);
  } catch (error) {
    if (isUniqueViolation(error, 'safe_spots_name_key')) throw conflict(m.spotNameTaken);
    throw error;
  }
}

/** Removing a spot marks it: earlier proposals keep its name; open proposals there can still be answered. */
export async function removeSafeSpot(ctx: MeetupContext, admin: UserRow, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .update(safeSpots)
      .set({ removedAt: ctx.clock.now() })
      .where(and(eq(safeSpots.id, id), isNull(safeSpots.removedAt)))
      .returning({ name: safeSpots.name });
    if (!removed) throw notFound(m.spotMissing);
    await recordAudit(tx, admin, {
      action: 'safe-spot.remove',
      targetType: 'safe-spot',
      targetId: id,
      details: { name: removed.name },
    });
  });
}
