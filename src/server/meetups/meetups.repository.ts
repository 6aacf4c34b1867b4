import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { meetupProposals, safeSpots, users } from '../db/schema/index.ts';

export type SafeSpotRow = typeof safeSpots.$inferSelect;

export async function listSafeSpots(db: Queryable, { withRemoved }: { withRemoved: boolean }): Promise<SafeSpotRow[]> {
  return db
    .select()
    .from(safeSpots)
    .where(withRemoved ? undefined : isNull(safeSpots.removedAt))
    .orderBy(sql`${safeSpots.removedAt} is not null`, asc(sql`lower(${safeSpots.name})`));
}

export async function findSafeSpot(db: Queryable, id: string): Promise<SafeSpotRow | undefined> {
  const [row] = await db.select().from(safeSpots).where(eq(safeSpots.id, id));
  return row;
}

const meetupColumns = {
  id: meetupProposals.id,
  conversationId: meetupProposals.conversationId,
  proposerId: meetupProposals.proposerId,
  proposerName: users.userName,
  spotId: meetupProposals.spotId,
  spotName: safeSpots.name,
  spotMapUrl: safeSpots.mapUrl,
  meetAt: meetupProposals.meetAt,
  status: meetupProposals.status,
  createdAt: meetupProposals.createdAt,
  decidedAt: meetupProposals.decidedAt,
};

export type MeetupView = {
  id: string;
  conversationId: string;
  proposerId: string | null;
  proposerName: string | null;
  spotId: string;
  spotName: string;
  spotMapUrl: string | null;
  meetAt: Date;
  status: 'proposed' | 'accepted' | 'replaced';
  createdAt: Date;
  decidedAt: Date | null;
};

/** The open proposal and the accepted meet-up of a conversation (at most one each: unique indexes). */
export async function findCurrentMeetups(db: Queryable, conversationId: string): Promise<MeetupView[]> {
  return db
    .select(meetupColumns)
    .from(meetupProposals)
    .innerJoin(safeSpots, eq(safeSpots.id, meetupProposals.spotId))
    .leftJoin(users, eq(users.id, meetupProposals.proposerId))
    .where(and(eq(meetupProposals.conversationId, conversationId), sql`${meetupProposals.status} in ('proposed', 'accepted')`));
}

export async function findMeetup(db: Queryable, id: string): Promise<MeetupView | undefined> {
  const [row] = await db
    .select(meetupColumns)
    .from(meetupProposals)
    .innerJoin(safeSpots, eq(safeSpots.id, meetupProposals.spotId))
    .leftJoin(users, eq(users.id, meetupProposals.proposerId))
    .where(eq(meetupProposals.id, id));
  return row;
}
