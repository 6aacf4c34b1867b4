import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { appSecrets } from '../db/schema/index.ts';

/** What a renew link says: which listing, and the expiry it was sent for (it works until then). */
export interface RenewLink {
  productId: string;
  expiresAt: Date;
}

/** Signed text is prefixed with its purpose, so a signature made for anything else never passes here. */
const PURPOSE = 'listing-renew:v1';
const SECRET_NAME = 'renew-link-key';

/**
 * The key that signs renew links: made once per deployment and kept in the database, so every
 * instance signs and checks alike with nothing to configure. Whoever can read the database can
 * renew listings, which they could anyway.
 */
export async function loadRenewLinkKey(db: Queryable): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(sql`${appSecrets.name} = ${SECRET_NAME}`);
  return Buffer.from(row!.value, 'base64url');
}

function signature(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}\n${body}`).digest();
}

/** `<productId>.<expiry ms>.<HMAC-SHA256>`: works without signing in, for this listing and this expiry only. */
export function signRenewLink(key: Buffer, link: RenewLink): string {
  const body = `${link.productId}.${link.expiresAt.getTime()}`;
  return `${body}.${signature(key, body).toString('base64url')}`;
}

/** The link's contents when its signature is right; undefined for anything forged, altered or malformed. */
export function verifyRenewLink(key: Buffer, token: string): RenewLink | undefined {
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, productId, expiry, mac] = match as unknown as [string, string, string, string];
  // Compared as text: base64url's last character carries two spare bits, and decoding would
  // accept four spellings of one signature.
  const expected = Buffer.from(signature(key, `${productId}.${expiry}`).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { productId, expiresAt: new Date(Number(expiry)) };
}
