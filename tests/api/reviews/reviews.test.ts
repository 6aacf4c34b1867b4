import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, reports } from '#server/db/schema/index.ts';
import { reviewMessages } from '#domain/reviews/review.messages.ts';
import type { ReviewResponse, SaleReviews, UserReviewsResponse } from '#domain/reviews/review.wire.ts';
import { fakeClock } from '#server/clock.ts';
import type { UserRow } from '#server/users/user.mapper.ts';
import { eq } from 'drizzle-orm';
import { insertListing, insertUser } from '../../support/factories.ts';
import { type TestApp, body, createTestApp, sessionCookieFor } from '../../support/test-app.ts';
import { buyRequestCalls } from '../buy-requests/buy-request-calls.ts';
import { listingRatings, notificationsOf, reviewCalls, sellerRatingRow, storedReviews } from './review-calls.ts';

const DAY = 24 * 3600_000;
const clock = fakeClock(new Date('2026-04-01T06:00:00Z'));
let t: TestApp;
let calls: ReturnType<typeof reviewCalls>;
let buyRequests: ReturnType<typeof buyRequestCalls>;
let seller: UserRow;
let buyer: UserRow;
let stranger: UserRow;
let admin: UserRow;
const cookies = { seller: '', buyer: '', stranger: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ clock });
  calls = reviewCalls(t);
  buyRequests = buyRequestCalls(t);
  seller = await insertUser(t.app.db, { userName: 'ravi', email: 'ravi@campus.edu' });
  buyer = await insertUser(t.app.db, { userName: 'meera', email: 'meera@campus.edu' });
  stranger = await insertUser(t.app.db, { userName: 'kiran', email: 'kiran@campus.edu' });
  admin = await insertUser(t.app.db, { userName: 'admin', email: 'admin@campus.edu', isAdmin: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  // The clock moves by weeks below: fresh sessions keep everyone signed in.
  cookies.seller = await sessionCookieFor(t, seller.id);
  cookies.buyer = await sessionCookieFor(t, buyer.id);
  cookies.stranger = await sessionCookieFor(t, stranger.id);
  cookies.admin = await sessionCookieFor(t, admin.id);
  await t.drainJobs();
  t.mailer.sent.length = 0;
});

/** A listing of the seller's, requested by the buyer and sold to them through the real calls. */
async function sale(
  title = 'Study lamp',
  who = { seller, buyer, sellerCookie: () => cookies.seller, buyerCookie: () => cookies.buyer },
) {
  const productId = await insertListing(t.app.db, { sellerId: who.seller.id, title });
  expect((await buyRequests.markInterested(who.buyerCookie(), { productId, buyerMessage: 'Is it available?' })).statusCode).toBe(
    200,
  );
  const accepted = await buyRequests.accept(who.sellerCookie(), { buyerId: who.buyer.id, productId, sellerId: who.seller.id });
  expect(accepted.statusCode).toBe(200);
  return productId;
}

describe('who may review, and when', () => {
  it('lets the buyer review the seller after the sale, and tells the seller', async () => {
    const productId = await sale();
    const response = await calls.post(cookies.buyer, { productId, rating: 4, text: '  Lamp as described, on time.  ' });
    expect(response.statusCode).toBe(201);
    const answer = body<ReviewResponse>(response);
    expect(answer.msg).toBe(reviewMessages.posted);
    expect(answer.review).toMatchObject({
      rating: 4,
      text: 'Lamp as described, on time.',
      subjectRole: 'seller',
      subjectId: seller.id,
      author: { _id: buyer.id, userName: 'meera' },
      productId,
      productTitle: 'Study lamp',
    });
    const stored = await storedReviews(t, productId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ authorId: buyer.id, subjectId: seller.id, subjectRole: 'seller', rating: 4 });
    const told = await notificationsOf(t, seller.id, 'review.received');
    expect(told.at(-1)?.payload).toMatchObject({ productId, authorName: 'meera', rating: 4 });
  });

  it('lets the seller review the buyer, which does not count toward anyone’s seller rating', async () => {
    const productId = await sale('Desk fan');
    const before = await sellerRatingRow(t, buyer.id);
    const response = await calls.post(cookies.seller, { productId, rating: 5 });
    expect(response.statusCode).toBe(201);
    expect(body<ReviewResponse>(response).review).toMatchObject({ subjectRole: 'buyer', subjectId: buyer.id, text: null });
    expect(await sellerRatingRow(t, buyer.id)).toEqual(before);
  });

  it('refuses a second review of the same sale by the same person', async () => {
    const productId = await sale('Cycle lock');
    expect((await calls.post(cookies.buyer, { productId, rating: 5 })).statusCode).toBe(201);
    const again = await calls.post(cookies.buyer, { productId, rating: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(reviewMessages.alreadyReviewed);
    expect(await storedReviews(t, productId)).toHaveLength(1);
  });

  it('refuses a review without a sale: a listing still for sale, or one sold without a buyer', async () => {
    const unsold = await insertListing(t.app.db, { sellerId: seller.id, title: 'Kettle' });
    const response = await calls.post(cookies.buyer, { productId: unsold, rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(reviewMessages.noSale);
    const soldElsewhere = await insertListing(t.app.db, { sellerId: seller.id, title: 'Iron', soldOut: true, buyerId: null });
    expect(body(await calls.post(cookies.seller, { productId: soldElsewhere, rating: 5 })).msg).toBe(reviewMessages.noSale);
    expect(await storedReviews(t, unsold)).toHaveLength(0);
  });

  it('refuses someone who was not part of the sale', async () => {
    const productId = await sale('Chair');
    const response = await calls.post(cookies.stranger, { productId, rating: 1, text: 'Never bought it but...' });
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(reviewMessages.notParty);
    expect(await storedReviews(t, productId)).toHaveLength(0);
  });

  it('refuses a review naming someone other than the other side of the sale', async () => {
    const productId = await sale('Mattress');
    const response = await calls.post(cookies.buyer, { productId, rating: 1, userId: stranger.id });
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(reviewMessages.notCounterparty);
    expect((await calls.post(cookies.buyer, { productId, rating: 4, userId: seller.id })).statusCode).toBe(201);
  });

  it('refuses a review more than 30 days after the sale, and accepts one on the 30th day', async () => {
    const late = await sale('Calculator');
    const onTime = await sale('Geometry box');
    clock.advance(30 * DAY - 60_000);
    cookies.buyer = await sessionCookieFor(t, buyer.id);
    expect((await calls.post(cookies.buyer, { productId: onTime, rating: 5 })).statusCode).toBe(201);
    clock.advance(2 * 60_000);
    cookies.buyer = await sessionCookieFor(t, buyer.id);
    const response = await calls.post(cookies.buyer, { productId: late, rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(reviewMessages.windowClosed);
  });

  it('refuses stars outside 1–5, fractions, and text over 1,000 characters', async () => {
    const productId = await sale('Guitar');
    for (const rating of [0, 6, 4.5, '5']) {
      const response = await calls.post(cookies.buyer, { productId, rating });
      expect(response.statusCode).toBe(400);
      expect(body(response).msg).toBe(reviewMessages.ratingRequired);
    }
    const long = await calls.post(cookies.buyer, { productId, rating: 5, text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(body(long).msg).toBe(reviewMessages.textTooLong);
    expect((await calls.post(cookies.buyer, { productId, rating: 5, text: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('answers 404 for a listing that does not exist', async () => {
    const response = await calls.post(cookies.buyer, { productId: '00000000-0000-4000-8000-000000000000', rating: 5 });
    expect(response.statusCode).toBe(404);
    expect(body(response).msg).toBe(reviewMessages.productNotFound);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit for 48 hours, then refuses', async () => {
    const productId = await sale('Table lamp');
    const posted = body<ReviewResponse>(await calls.post(cookies.buyer, { productId, rating: 2, text: 'Late' }));
    clock.advance(47 * 3600_000);
    cookies.buyer = await sessionCookieFor(t, buyer.id);
    const edited = await calls.edit(cookies.buyer, posted.review._id, { rating: 4, text: 'Late, but a fine lamp' });
    expect(edited.statusCode).toBe(200);
    expect(body<ReviewResponse>(edited).review).toMatchObject({ rating: 4, text: 'Late, but a fine lamp' });
    clock.advance(2 * 3600_000);
    cookies.buyer = await sessionCookieFor(t, buyer.id);
    const tooLate = await calls.edit(cookies.buyer, posted.review._id, { rating: 1 });
    expect(tooLate.statusCode).toBe(403);
    expect(body(tooLate).msg).toBe(reviewMessages.editWindowClosed);
    expect((await storedReviews(t, productId))[0]).toMatchObject({ rating: 4, text: 'Late, but a fine lamp' });
  });

  it('refuses an edit by anyone but the author', async () => {
    const productId = await sale('Hoodie');
    const posted = body<ReviewResponse>(await calls.post(cookies.buyer, { productId, rating: 2 }));
    const response = await calls.edit(cookies.seller, posted.review._id, { rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(reviewMessages.notAuthor);
  });

  it('does not let the author delete their review', async () => {
    const productId = await sale('Umbrella');
    const posted = body<ReviewResponse>(await calls.post(cookies.buyer, { productId, rating: 1, text: 'Broken' }));
    const response = await calls.delete(cookies.buyer, posted.review._id);
    expect(response.statusCode).toBe(403);
    expect(body(response).msg).toBe(reviewMessages.authorCannotDelete);
    expect(await storedReviews(t, productId)).toHaveLength(1);
  });
});

describe('ratings', () => {
  it('keeps the seller’s average and count on the user and on every listing of theirs, and the Rating sort uses them', async () => {
    const asha = await insertUser(t.app.db, { userName: 'asha' });
    const ashaCookie = () => sessionCookieFor(t, asha.id);
    const ac = await ashaCookie();
    const unsold = await insertListing(t.app.db, { sellerId: asha.id, title: 'Asha’s spare kettle' });
    const buyers = await Promise.all([1, 2, 3].map((n) => insertUser(t.app.db, { userName: `buyer${n}` })));
    const stars = [5, 4, 4];
    for (const [index, who] of buyers.entries()) {
      const bc = await sessionCookieFor(t, who.id);
      const productId = await sale(`Asha item ${index}`, {
        seller: asha,
        buyer: who,
        sellerCookie: () => ac,
        buyerCookie: () => bc,
      });
      expect((await calls.post(bc, { productId, rating: stars[index] })).statusCode).toBe(201);
      clock.advance(60_000);
    }
    expect(await sellerRatingRow(t, asha.id)).toEqual({ rating: 4.3, numReviews: 3 });
    for (const row of await listingRatings(t, asha.id)) expect(row).toMatchObject({ rating: 4.3, numReviews: 3 });
    const product = body<{ product: { rating: number; numReviews: number } }>(await calls.product(unsold));
    expect(product.product).toMatchObject({ rating: 4.3, numReviews: 3 });
    const profile = body<UserReviewsResponse>(await calls.ofUser(asha.id));
    expect(profile).toMatchObject({ rating: 4.3, numReviews: 3, total: 3, page: 1, totalPages: 1 });
    expect(profile.reviews.map((review) => review.rating)).toEqual([4, 4, 5]);
    const listed = body<{ products: { _id: string; rating: number; numReviews: number }[] }>(
      await calls.products(cookies.stranger, { sort: 'rating', sellerId: asha.id }),
    );
    expect(listed.products.map((card) => card._id)).toContain(unsold);
    for (const card of listed.products) expect(card).toMatchObject({ rating: 4.3, numReviews: 3 });
  }, 120_000);

  it('counts concurrent reviews of one seller right', async () => {
    const dev = await insertUser(t.app.db, { userName: 'dev' });
    const dc = await sessionCookieFor(t, dev.id);
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, n) => insertUser(t.app.db, { userName: `rush${n}` })));
    const sales = [];
    for (const who of buyers) {
      const bc = await sessionCookieFor(t, who.id);
      sales.push({
        productId: await sale(`Dev item ${who.userName}`, {
          seller: dev,
          buyer: who,
          sellerCookie: () => dc,
          buyerCookie: () => bc,
        }),
        bc,
      });
    }
    const stars = [1, 2, 3, 4, 5, 5, 5, 5];
    const answers = await Promise.all(
      sales.map(({ productId, bc }, index) => calls.post(bc, { productId, rating: stars[index] })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(stars.map(() => 201));
    // 30 / 8 = 3.75, rounded to one decimal.
    expect(await sellerRatingRow(t, dev.id)).toEqual({ rating: 3.8, numReviews: 8 });
    for (const row of await listingRatings(t, dev.id)) expect(row).toMatchObject({ rating: 3.8, numReviews: 8 });
  }, 120_000);

  it('shows a profile’s reviews newest first, ten a page, with the reviewer’s name and the listing', async () => {
    const zoya = await insertUser(t.app.db, { userName: 'zoya' });
    for (let n = 0; n < 11; n++) {
      const who = await insertUser(t.app.db, { userName: `reader${n}` });
      const bc = await sessionCookieFor(t, who.id);
      // Sold straight in the database: the accept call is covered above, and eleven would be slow.
      const productId = await insertListing(t.app.db, {
        sellerId: zoya.id,
        title: `Novel ${n}`,
        soldOut: true,
        buyerId: who.id,
        soldAt: clock.now(),
      });
      expect((await calls.post(bc, { productId, rating: 5, text: `Review ${n}` })).statusCode).toBe(201);
      clock.advance(60_000);
    }
    const first = body<UserReviewsResponse>(await calls.ofUser(zoya.id));
    expect(first).toMatchObject({ total: 11, totalPages: 2, numReviews: 11, rating: 5 });
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0]).toMatchObject({ text: 'Review 10', author: { userName: 'reader10' }, productTitle: 'Novel 10' });
    const second = body<UserReviewsResponse>(await calls.ofUser(zoya.id, { page: '2' }));
    expect(second.reviews.map((review) => review.text)).toEqual(['Review 0']);
  }, 120_000);

  it('answers 404 for the reviews of a user who does not exist', async () => {
    const response = await calls.ofUser('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(body(response).msg).toBe(reviewMessages.userNotFound);
  });
});

describe('a sale as its two sides see it', () => {
  it('tells each side what the other said and whether they may still review', async () => {
    const productId = await sale('Backpack');
    await calls.post(cookies.buyer, { productId, rating: 5, text: 'Great seller' });
    const seen = body<SaleReviews>(await calls.sale(cookies.seller, productId));
    expect(seen).toMatchObject({
      role: 'seller',
      counterpart: { _id: buyer.id, userName: 'meera' },
      canReview: true,
      mine: null,
    });
    expect(seen.theirs).toMatchObject({ rating: 5, text: 'Great seller' });
    const buyerView = body<SaleReviews>(await calls.sale(cookies.buyer, productId));
    expect(buyerView).toMatchObject({ role: 'buyer', canReview: false, theirs: null });
    expect((await calls.sale(cookies.stranger, productId)).statusCode).toBe(403);
  });
});

describe('admins and reports', () => {
  it('lets an admin remove a review: audited, no longer shown or counted, reporters told', async () => {
    const sam = await insertUser(t.app.db, { userName: 'sam' });
    const sc = await sessionCookieFor(t, sam.id);
    const productId = await sale('Printer', { seller: sam, buyer, sellerCookie: () => sc, buyerCookie: () => cookies.buyer });
    const posted = body<ReviewResponse>(await calls.post(cookies.buyer, { productId, rating: 1, text: 'Rude and awful' }));
    expect(await sellerRatingRow(t, sam.id)).toEqual({ rating: 1, numReviews: 1 });
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: { cookie: sc },
      payload: { targetType: 'review', targetId: posted.review._id, reason: 'offensive' },
    });
    expect(reported.statusCode).toBe(201);

    expect((await calls.remove(cookies.seller, posted.review._id, 'Abusive')).statusCode).toBe(403);
    const removed = await calls.remove(cookies.admin, posted.review._id, 'Abusive language');
    expect(removed.statusCode).toBe(200);
    expect(await sellerRatingRow(t, sam.id)).toEqual({ rating: 0, numReviews: 0 });
    expect(body<UserReviewsResponse>(await calls.ofUser(sam.id)).reviews).toHaveLength(0);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, posted.review._id));
    expect(audit).toMatchObject([{ action: 'moderation.remove-review', actorId: admin.id, targetType: 'review' }]);
    const [report] = await t.app.db.select().from(reports).where(eq(reports.targetId, posted.review._id));
    expect(report).toMatchObject({ status: 'actioned', outcome: 'removed' });
    expect((await notificationsOf(t, sam.id, 'report.outcome')).length).toBe(1);
    expect((await notificationsOf(t, buyer.id, 'moderation.notice')).at(-1)?.payload).toMatchObject({ action: 'remove-review' });
    // Once removed, the author cannot post another for that sale, nor edit it.
    expect((await calls.post(cookies.buyer, { productId, rating: 1 })).statusCode).toBe(409);
    expect((await calls.edit(cookies.buyer, posted.review._id, { rating: 2 })).statusCode).toBe(404);
    expect((await calls.remove(cookies.admin, posted.review._id, 'Again')).statusCode).toBe(409);
  });
});

describe('the reminder', () => {
  it('reminds whoever has not reviewed, once, 3 days after the sale', async () => {
    const lena = await insertUser(t.app.db, { userName: 'lena' });
    const omar = await insertUser(t.app.db, { userName: 'omar' });
    const lc = await sessionCookieFor(t, lena.id);
    const oc = await sessionCookieFor(t, omar.id);
    const productId = await sale('Rice cooker', { seller: lena, buyer: omar, sellerCookie: () => lc, buyerCookie: () => oc });
    await calls.post(oc, { productId, rating: 5 });
    await t.drainJobs();
    t.mailer.sent.length = 0;

    clock.advance(3 * DAY - 60_000);
    await t.app.jobs.enqueue(t.app.db, 'reviews.remind', {});
    await t.drainJobs();
    expect(await notificationsOf(t, lena.id, 'review.reminder')).toHaveLength(0);

    clock.advance(2 * 60_000);
    await t.app.jobs.enqueue(t.app.db, 'reviews.remind', {});
    await t.drainJobs();
    const reminded = await notificationsOf(t, lena.id, 'review.reminder');
    expect(reminded).toHaveLength(1);
    expect(reminded[0]!.payload).toMatchObject({ productId, otherName: 'omar', role: 'seller' });
    // The buyer already reviewed: no reminder for them.
    expect(await notificationsOf(t, omar.id, 'review.reminder')).toHaveLength(0);
    expect(t.mailer.sent.filter((mail) => mail.to === lena.email).map((mail) => mail.subject)).toEqual([
      reviewMessages.reminderMailSubject('Rice cooker'),
    ]);

    clock.advance(DAY);
    await t.app.jobs.enqueue(t.app.db, 'reviews.remind', {});
    await t.drainJobs();
    expect(await notificationsOf(t, lena.id, 'review.reminder')).toHaveLength(1);
  });
});
