import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CATEGORIES, CORE_CONDITIONS, type Category } from '#domain/catalog.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { buyRequests, products, reviews, users } from '../db/schema/index.ts';
import { refreshSellerRating } from '../reviews/reviews.repository.ts';
import { photoKeys } from '../products/product-photos.ts';
import type { Storage } from '../storage/storage.ts';
import { DEMO_STUDENTS, LISTING_TEMPLATES, type ListingTemplate, TITLE_VARIATIONS } from './demo-catalogue.ts';
import { type DemoPhoto, demoPhotos } from './demo-photos.ts';
import { type NewListing, insertListings } from './listing-factory.ts';
import { DAY_MS, EXPIRY_WARNING_DAYS, LISTING_TTL_DAYS_DEFAULT } from '#domain/alerts/listing-lifecycle.ts';

export interface SeedContext {
  db: Database;
  storage: Storage;
  progress: (line: string) => void;
}

/**
 * Demo accounts live on a reserved domain (RFC 2606), never on the institute's own: nobody can
 * own these addresses, and a real student's address can never collide with a demo login. They
 * still sign in where ALLOWED_EMAIL_DOMAINS is set, since that list is checked when an address
 * registers, not at login.
 */
export const DEMO_EMAIL_DOMAIN = 'campus.example';

/** Every demo account signs in with this password (printed with the logins). */
export const DEMO_PASSWORD = 'Demo@Campus1';

export interface DemoLogin {
  role: 'admin' | 'student';
  email: string;
  password: string;
}

const WEBP = 'image/webp';

/** A small seeded generator (mulberry32), so two seeds of the same size build the same catalogue. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof randomSource>;

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  return !anyUser;
}

const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;

export async function hasDemoCatalogue(ctx: SeedContext): Promise<boolean> {
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  return Boolean(admin);
}

/** A believable Indian mobile (10 digits starting 6 to 9), or none for some students. */
function demoPhone(index: number): string | null {
  if (index % 5 === 4) return null;
  return `${6 + (index % 4)}${String((index * 7_654_321 + 13_579) % 1_000_000_000).padStart(9, '0')}`;
}

/** Copies one rendered photo under fresh keys: every listing owns its files, so deleting one spares the rest. */
async function storePhotoCopy(storage: Storage, photo: DemoPhoto) {
  const keys = photoKeys(randomUUID());
  await storage.put(keys.storageKey, photo.full, WEBP);
  await storage.put(keys.cardStorageKey, photo.card, WEBP);
  return { ...keys, width: photo.width, height: photo.height };
}

function studentLocalPart(student: { first: string; last: string }) {
  return `${student.first}.${student.last}`.toLowerCase();
}

/** The demo accounts' logins: the admin first, then the students. */
export function demoLogins(): DemoLogin[] {
  return [
    { role: 'admin', email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
    ...DEMO_STUDENTS.map((student) => ({
      role: 'student' as const,
      email: `${studentLocalPart(student)}@${DEMO_EMAIL_DOMAIN}`,
      password: DEMO_PASSWORD,
    })),
  ];
}

async function insertDemoAccounts(ctx: SeedContext) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const admin = { userName: 'admin', email: DEMO_ADMIN_EMAIL, isAdmin: true, passwordHash };
  const students = DEMO_STUDENTS.map((student, index) => {
    const local = studentLocalPart(student);
    return {
      userName: local,
      email: `${local}@${DEMO_EMAIL_DOMAIN}`,
      phoneNumber: demoPhone(index),
      gender: student.gender,
      passwordHash,
    };
  });
  await ctx.db.insert(users).values(admin);
  return ctx.db.insert(users).values(students).returning({ id: users.id });
}

/**
 * The demo catalogue: an admin, a few dozen students, a listing for every template across the
 * seven categories with one to three photos each, some sold. The students' activity (requests,
 * conversations, wishlists) comes after, through the app (demo-activity.ts).
 */
export async function seedDemoCatalogue(ctx: SeedContext): Promise<DemoLogin[]> {
  const random = randomSource(2024);
  ctx.progress('Creating demo students…');
  const students = await insertDemoAccounts(ctx);
  ctx.progress('Drawing demo photos…');
  const photos = await demoPhotos();

  const now = Date.now();
  const listings: NewListing[] = [];
  for (const [index, template] of LISTING_TEMPLATES.entries()) {
    const seller = students[index % students.length]!;
    const variants = photos.get(template.category)!;
    const photoCount = 1 + (index % 3);
    const stored = [];
    for (let n = 0; n < photoCount; n++) stored.push(await storePhotoCopy(ctx.storage, variants[(index + n) % variants.length]!));
    const sold = index % 9 === 5;
    // Spread over the last two months in an order that mixes the categories (the templates are
    // grouped by category), so the newest-first feed reads like a real one.
    // A few sellers never renewed: their listings expired (issue 24) and wait on My Listings with Renew.
    const expired = !sold && index % 17 === 3;
    const createdAt = expired
      ? new Date(now - (LISTING_TTL_DAYS_DEFAULT + 2 + (index % 5)) * DAY_MS)
      : new Date(now - (feedPosition(index, LISTING_TEMPLATES.length) + 1) * 0.9 * DAY_MS - random.int(6 * 60) * 60_000);
    skipRatingDraws(random);
    listings.push({
      ...template,
      sellerId: seller.id,
      soldOut: sold,
      buyerId: sold ? students[(index + 7) % students.length]!.id : null,
      createdAt,
      expired,
      // Sold to a buyer here at the asking price (issue 23 keeps what a sale was for).
      ...(sold ? { soldAt: halfwayToNow(createdAt, now), soldPrice: template.price } : {}),
      photos: stored,
    });
  }
  ctx.progress(`Listing ${listings.length} products…`);
  const ids = await insertListings(ctx.db, listings);
  await insertDemoSales(ctx, listings, ids);

  return demoLogins();
}

/**
 * The draws the catalogue once spent on made-up ratings, still made so every other draw (times,
 * prices, titles) stays as before. Ratings are now their sellers', from reviews (issue 23).
 */
function skipRatingDraws(random: Random) {
  if (random.int(4) !== 0) {
    random.int(25);
    random.int(7);
  }
}

/** A fixed permutation of 0..count-1 that interleaves neighbouring templates (17 is coprime with most counts). */
function feedPosition(index: number, count: number): number {
  const step = [17, 13, 11, 7].find((candidate) => gcd(candidate, count) === 1) ?? 1;
  return (index * step) % count;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The accepted request behind each sale of the catalogue's past. Requests in progress (waiting,
 * accepted, rejected, with their conversations and notifications) are written afterwards through
 * the app itself (demo-activity.ts).
 */
async function insertDemoSales(ctx: SeedContext, listings: NewListing[], ids: string[]) {
  const requests: (typeof buyRequests.$inferInsert)[] = [];
  listings.forEach((listing, index) => {
    if (listing.soldOut && listing.buyerId) {
      requests.push({
        productId: ids[index]!,
        buyerId: listing.buyerId,
        message: 'I would like to buy this. When can I collect it?',
        status: 'accepted',
        decidedAt: listing.soldAt ?? null,
      });
    }
  });
  if (requests.length > 0) await ctx.db.insert(buyRequests).values(requests);
  await insertDemoReviews(ctx, listings, ids);
}

const DEMO_REVIEWS = [
  { rating: 5, text: 'Exactly as described, and we met at the library on time. Would buy again.' },
  { rating: 4, text: 'Good condition, friendly seller. A small scratch the photos did not show.' },
  { rating: 5, text: null },
  { rating: 3, text: 'Fine in the end, but it took three messages to agree on a time.' },
];

/**
 * The buyers of the catalogue's past sales reviewed their sellers (issue 23), so profiles, the
 * seller card and the 'Rating' sort show real ratings: each seller's is computed from these rows,
 * as a review written in the app would, and copied onto their listings.
 */
async function insertDemoReviews(ctx: SeedContext, listings: NewListing[], ids: string[]) {
  const sellers = new Set<string>();
  let n = 0;
  for (const [index, listing] of listings.entries()) {
    if (!listing.soldOut || !listing.buyerId || !listing.soldAt) continue;
    const review = DEMO_REVIEWS[n % DEMO_REVIEWS.length]!;
    n += 1;
    await ctx.db.insert(reviews).values({
      productId: ids[index]!,
      productTitle: listing.title ?? '',
      authorId: listing.buyerId,
      subjectId: listing.sellerId,
      subjectRole: 'seller',
      rating: review.rating,
      text: review.text,
      soldAt: listing.soldAt,
      createdAt: new Date(Math.min(listing.soldAt.getTime() + 2 * 24 * 3600_000, Date.now())),
    });
    sellers.add(listing.sellerId);
  }
  for (const sellerId of sellers) await refreshSellerRating(ctx.db, sellerId);
}

const SCALE_BATCH = 1000;

/** A seeded sale happens halfway between the listing and now (no random draw, so the catalogue stays as before). */
function halfwayToNow(createdAt: Date, now: number): Date {
  return new Date(createdAt.getTime() + Math.floor((now - createdAt.getTime()) / 2));
}

function scaleListing(
  random: Random,
  template: ListingTemplate,
  sellerId: string,
  photo: NonNullable<NewListing['photos']>[number],
  now: number,
): NewListing {
  const factor = 0.6 + random.next() * 0.8;
  const price = Math.max(10, Math.round((template.price * factor) / 10) * 10);
  const title = `${template.title}${random.pick(TITLE_VARIATIONS)}`;
  const condition = random.pick(CORE_CONDITIONS);
  skipRatingDraws(random);
  const listing: NewListing = {
    sellerId,
    title,
    description: template.description,
    category: template.category,
    condition,
    price,
    originalPrice: template.originalPrice && template.originalPrice > price ? template.originalPrice : null,
    soldOut: random.int(20) === 0,
    createdAt: new Date(now - random.int(730 * 24 * 60) * 60_000),
    photos: [photo],
  };
  if (listing.soldOut) return { ...listing, soldAt: halfwayToNow(listing.createdAt!, now) };
  const lifecycle = scaleLifecycle(random, listing.createdAt!.getTime(), now);
  return { ...listing, ...lifecycle, expiryWarned: alreadyWarned(lifecycle.renewedAt ?? listing.createdAt!, now) };
}

/**
 * A load-test catalogue is a running site's: the expiry job has already warned the sellers of
 * listings in their last days. Otherwise the first start after seeding spends its first minutes
 * mailing a thousand or more generated sellers, on the CPU a benchmark is measuring.
 */
function alreadyWarned(renewedAt: Date, now: number): boolean {
  const expiresAt = renewedAt.getTime() + LISTING_TTL_DAYS_DEFAULT * DAY_MS;
  return expiresAt - now <= EXPIRY_WARNING_DAYS * DAY_MS;
}

/**
 * Where an unsold scale listing is in its life (issue 24): listed within the time to live, it is
 * up; older, a third of the sellers renewed it at some point of the last TTL days (a few are in
 * their last three days), the rest let it expire.
 */
function scaleLifecycle(random: Random, createdAt: number, now: number): Pick<NewListing, 'renewedAt' | 'expired'> {
  const ttl = LISTING_TTL_DAYS_DEFAULT * DAY_MS;
  if (now - createdAt < ttl) return {};
  if (random.int(3) === 0) return { renewedAt: new Date(now - random.int(LISTING_TTL_DAYS_DEFAULT * 24 * 60) * 60_000) };
  return { expired: true };
}

/**
 * Tops the catalogue up to `target` listings for load tests: generated sellers, titles varied
 * from the demo templates, bulk inserts of a thousand rows. Photos are shared between one
 * seller's listings of a category (deleting a listing keeps a file another still uses).
 */
export async function seedScaleCatalogue(ctx: SeedContext, target: number): Promise<number> {
  const [{ count } = { count: 0 }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(products);
  const missing = target - Number(count);
  if (missing <= 0) return 0;

  const random = randomSource(target);
  const runTag = Date.now().toString(36);
  const sellerCount = Math.min(500, Math.max(10, Math.ceil(missing / 400)));
  ctx.progress(`Creating ${sellerCount} sellers…`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const sellers = await ctx.db
    .insert(users)
    .values(
      Array.from({ length: sellerCount }, (_, index) => {
        const student = DEMO_STUDENTS[index % DEMO_STUDENTS.length]!;
        return {
          userName: `${student.first.toLowerCase()}${index + 1}`,
          email: `seller-${runTag}-${index + 1}@${DEMO_EMAIL_DOMAIN}`,
          phoneNumber: demoPhone(index),
          gender: student.gender,
          passwordHash,
        };
      }),
    )
    .returning({ id: users.id });

  ctx.progress('Drawing and storing photos…');
  const rendered = await demoPhotos();
  const sellerPhotos: Map<Category, NonNullable<NewListing['photos']>[number]>[] = [];
  for (const [index] of sellers.entries()) {
    const own = new Map<Category, NonNullable<NewListing['photos']>[number]>();
    for (const category of CATEGORIES) {
      const variants = rendered.get(category)!;
      own.set(category, await storePhotoCopy(ctx.storage, variants[index % variants.length]!));
    }
    sellerPhotos.push(own);
  }

  const now = Date.now();
  for (let done = 0; done < missing; done += SCALE_BATCH) {
    const batch = Array.from({ length: Math.min(SCALE_BATCH, missing - done) }, () => {
      const sellerIndex = random.int(sellers.length);
      const template = random.pick(LISTING_TEMPLATES);
      return scaleListing(random, template, sellers[sellerIndex]!.id, sellerPhotos[sellerIndex]!.get(template.category)!, now);
    });
    await insertListings(ctx.db, batch);
    if ((done + batch.length) % 10_000 === 0 || done + batch.length === missing) {
      ctx.progress(`  ${done + batch.length} / ${missing} listings`);
    }
  }
  ctx.progress('Refreshing planner statistics…');
  await ctx.db.execute(sql`vacuum analyze products`);
  await ctx.db.execute(sql`vacuum analyze product_images`);
  return missing;
}

/** How many students' logins the start prints (the first ones of demoLogins()). */
export const PRINTED_DEMO_STUDENTS = 3;

/** The lines that tell a newcomer how to sign in to the demo. */
export function formatDemoLogins(logins: DemoLogin[]): string {
  const [admin, ...students] = logins;
  const lines = ['Demo logins (every account uses the same password):'];
  if (admin) lines.push(`  admin:    ${admin.email} / ${admin.password}`);
  for (const student of students.slice(0, PRINTED_DEMO_STUDENTS))
    lines.push(`  student:  ${student.email} / ${student.password}`);
  if (students.length > PRINTED_DEMO_STUDENTS)
    lines.push(
      `  … and ${students.length - PRINTED_DEMO_STUDENTS} more students, firstname.lastname@${students[0]!.email.split('@')[1]}`,
    );
  return lines.join('\n');
}
