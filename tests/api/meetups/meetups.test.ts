import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetupMessages } from '#domain/meetups/meetup.messages.ts';
import type { ConversationMeetup, SafeSpot } from '#domain/meetups/meetup.wire.ts';
import { fakeClock } from '#server/clock.ts';
import { auditLog, notifications } from '#server/db/schema/index.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { meetupCalls } from './meetup-calls.ts';

const HOUR = 3600_000;
const clock = fakeClock(new Date('2026-05-04T04:00:00Z'));
let t: TestApp;
let calls: ReturnType<typeof meetupCalls>;
let seller: UserRow;
let buyer: UserRow;
let stranger: UserRow;
let admin: UserRow;
const cookies = { seller: '', buyer: '', stranger: '', admin: '' };
let library: SafeSpot;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { siteTimeZone: 'Asia/Kolkata' } });
  calls = meetupCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu' });
  stranger = await insertUser(t.app.db, { userName: 'kiran' });
  admin = await insertUser(t.app.db, { userName: 'admin', isAdmin: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  cookies.seller = await sessionCookieFor(t, seller.id);
  cookies.buyer = await sessionCookieFor(t, buyer.id);
  cookies.stranger = await sessionCookieFor(t, stranger.id);
  cookies.admin = await sessionCookieFor(t, admin.id);
  library ??= body<{ spots: SafeSpot[] }>(await calls.spots(cookies.buyer)).spots.find(
    (spot) => spot.name === 'Library entrance',
  )!;
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

async function conversation(title = 'Cycle') {
  const productId = await insertListing(t.app.db, { sellerId: seller.id, title });
  const started = await calls.startConversation(cookies.buyer, productId, 'Can we meet today?');
  expect(started.statusCode).toBe(201);
  return body<{ conversation: { _id: string } }>(started).conversation._id;
}

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();

async function kindsOf(userId: string, kind: string) {
  return (await t.app.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((row) => row.kind === kind);
}

describe('safe spots', () => {
  it('starts with the campus’s spots, Library entrance among them', async () => {
    const spots = body<{ spots: SafeSpot[] }>(await calls.spots(cookies.buyer)).spots;
    expect(spots.map((spot) => spot.name)).toContain('Library entrance');
  });

  it('lets admins add, edit and remove spots (audited); students cannot', async () => {
    expect((await calls.addSpot(cookies.buyer, { name: 'Canteen' })).statusCode).toBe(403);
    const added = await calls.addSpot(cookies.admin, { name: 'Canteen', mapUrl: 'https://maps.example/canteen' });
    expect(added.statusCode).toBe(201);
    const spot = body<{ spot: SafeSpot }>(added).spot;
    expect(spot).toMatchObject({ name: 'Canteen', mapUrl: 'https://maps.example/canteen', removed: false });
    const duplicate = await calls.addSpot(cookies.admin, { name: 'canteen' });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate).msg).toBe(meetupMessages.spotNameTaken);
    const badUrl = await calls.addSpot(cookies.admin, { name: 'Gym', mapUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(body(badUrl).msg).toBe(meetupMessages.spotUrlInvalid);
    const edited = await calls.editSpot(cookies.admin, spot._id, { name: 'Main canteen', mapUrl: '' });
    expect(body<{ spot: SafeSpot }>(edited).spot).toMatchObject({ name: 'Main canteen', mapUrl: null });
    expect((await calls.removeSpot(cookies.admin, spot._id)).statusCode).toBe(200);
    const forStudents = body<{ spots: SafeSpot[] }>(await calls.spots(cookies.buyer)).spots;
    expect(forStudents.map((s) => s.name)).not.toContain('Main canteen');
    const forAdmins = body<{ spots: SafeSpot[] }>(await calls.adminSpots(cookies.admin)).spots;
    expect(forAdmins.find((s) => s._id === spot._id)).toMatchObject({ removed: true });
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, spot._id));
    expect(audit.map((row) => row.action).sort()).toEqual(['safe-spot.add', 'safe-spot.edit', 'safe-spot.remove']);
  });
});

describe('proposals', () => {
  it('lets one side propose and the other accept; the agreed meet-up is what both see', async () => {
    const id = await conversation();
    const proposed = await calls.propose(cookies.buyer, id, { spotId: library._id, meetAt: inHours(5) });
    expect(proposed.statusCode).toBe(201);
    const proposal = body<{ meetup: { _id: string } }>(proposed).meetup;
    const told = await kindsOf(seller.id, 'meetup.proposed');
    expect(told.at(-1)?.payload).toMatchObject({ conversationId: id, proposerName: 'meera', spotName: 'Library entrance' });

    const own = await calls.accept(cookies.buyer, id, proposal._id);
    expect(own.statusCode).toBe(403);
    expect(body(own).msg).toBe(meetupMessages.cannotAcceptOwn);

    const accepted = await calls.accept(cookies.seller, id, proposal._id);
    expect(accepted.statusCode).toBe(200);
    expect((await kindsOf(buyer.id, 'meetup.accepted')).at(-1)?.payload).toMatchObject({
      accepterName: 'ravi',
      spotName: 'Library entrance',
    });
    for (const cookie of [cookies.buyer, cookies.seller]) {
      const seen = body<ConversationMeetup>(await calls.meetup(cookie, id));
      expect(seen.proposal).toBeNull();
      expect(seen.accepted).toMatchObject({
        _id: proposal._id,
        status: 'accepted',
        spot: { name: 'Library entrance' },
        meetAt: inHours(5),
      });
    }
    const twice = await calls.accept(cookies.seller, id, proposal._id);
    expect(twice.statusCode).toBe(409);
    expect(body(twice).msg).toBe(meetupMessages.notOpen);
  });

  it('lets the other side suggest another instead, which replaces the first', async () => {
    const id = await conversation('Desk');
    const first = body<{ meetup: { _id: string } }>(
      await calls.propose(cookies.buyer, id, { spotId: library._id, meetAt: inHours(3) }),
    ).meetup;
    const spots = body<{ spots: SafeSpot[] }>(await calls.spots(cookies.seller)).spots;
    const gate = spots.find((spot) => spot.name === 'Main gate security desk')!;
    const counter = await calls.propose(cookies.seller, id, { spotId: gate._id, meetAt: inHours(6) });
    expect(counter.statusCode).toBe(201);
    const second = body<{ meetup: { _id: string } }>(counter).meetup;
    expect((await kindsOf(buyer.id, 'meetup.proposed')).at(-1)?.payload).toMatchObject({
      proposerName: 'ravi',
      spotName: 'Main gate security desk',
    });
    const replaced = await calls.accept(cookies.seller, id, first._id);
    expect(replaced.statusCode).toBe(409);
    const seen = body<ConversationMeetup>(await calls.meetup(cookies.buyer, id));
    expect(seen.proposal).toMatchObject({ _id: second._id, mine: false, proposerName: 'ravi' });
    expect((await calls.accept(cookies.buyer, id, second._id)).statusCode).toBe(200);
    expect(body<ConversationMeetup>(await calls.meetup(cookies.seller, id)).accepted).toMatchObject({
      _id: second._id,
      mine: true,
    });
  });

  it('refuses a time in the past, an unknown spot, and anyone outside the conversation', async () => {
    const id = await conversation('Lamp');
    const past = await calls.propose(cookies.buyer, id, { spotId: library._id, meetAt: inHours(-1) });
    expect(past.statusCode).toBe(400);
    expect(body(past).msg).toBe(meetupMessages.timeInPast);
    const unknown = await calls.propose(cookies.buyer, id, {
      spotId: '00000000-0000-4000-8000-000000000000',
      meetAt: inHours(2),
    });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).msg).toBe(meetupMessages.spotNotFound);
    const outsider = await calls.propose(cookies.stranger, id, { spotId: library._id, meetAt: inHours(2) });
    expect(outsider.statusCode).toBe(404);
    expect((await calls.meetup(cookies.stranger, id)).statusCode).toBe(404);
  });

  it('refuses to accept a proposal whose time has passed', async () => {
    const id = await conversation('Kettle');
    const proposal = body<{ meetup: { _id: string } }>(
      await calls.propose(cookies.buyer, id, { spotId: library._id, meetAt: inHours(1) }),
    ).meetup;
    clock.advance(2 * HOUR);
    cookies.seller = await sessionCookieFor(t, seller.id);
    const late = await calls.accept(cookies.seller, id, proposal._id);
    expect(late.statusCode).toBe(409);
    expect(body(late).msg).toBe(meetupMessages.timePassed);
  });
});

describe('the reminder', () => {
  it('reminds both sides an hour before an accepted meet-up, once', async () => {
    const id = await conversation('Books');
    const proposal = body<{ meetup: { _id: string } }>(
      await calls.propose(cookies.buyer, id, { spotId: library._id, meetAt: inHours(4) }),
    ).meetup;
    await calls.accept(cookies.seller, id, proposal._id);
    // Other conversations' meet-ups may fall due meanwhile: count this one's only.
    const remindersOf = async (userId: string) =>
      (await kindsOf(userId, 'meetup.reminder')).filter(
        (row) => (row.payload as { conversationId: string }).conversationId === id,
      );

    clock.advance(2 * HOUR + 30 * 60_000);
    await t.app.jobs.enqueue(t.app.db, 'meetups.remind', {});
    await t.drainJobs();
    expect(await remindersOf(buyer.id)).toHaveLength(0);

    clock.advance(31 * 60_000);
    await t.app.jobs.enqueue(t.app.db, 'meetups.remind', {});
    await t.drainJobs();
    const buyerReminders = await remindersOf(buyer.id);
    expect(buyerReminders).toHaveLength(1);
    expect(buyerReminders[0]!.payload).toMatchObject({ otherName: 'ravi', spotName: 'Library entrance' });
    expect(await remindersOf(seller.id)).toHaveLength(1);
    expect(t.mailer.sent.some((mail) => mail.to === buyer.email && mail.subject.startsWith('In an hour'))).toBe(true);

    clock.advance(10 * 60_000);
    await t.app.jobs.enqueue(t.app.db, 'meetups.remind', {});
    await t.drainJobs();
    expect(await remindersOf(buyer.id)).toHaveLength(1);
  });
});
