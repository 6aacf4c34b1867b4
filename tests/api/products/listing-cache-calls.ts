import { eq, sql } from 'drizzle-orm';
import { products } from '#server/db/schema/index.ts';
import type { Product, ProductListResponse } from '#domain/products/product.wire.ts';
import { bicycleFields, listingForm } from '../../support/photos.ts';
import { type TestApp, body } from '../../support/test-app.ts';

/** The listing reads and the writes that change them, as the web app makes them. */
export function listingCalls(t: TestApp) {
  return {
    /**
     * Waits until the caches have heard of every change committed so far (a listing inserted
     * straight into the database announces itself too): a read cached before that notice lands
     * would be dropped by it, whatever the test's write does.
     */
    settled: () => t.settled(),
    list: async (cookie: string, query: Record<string, string | string[]> = {}) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/products', headers: { cookie }, query });
      if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
      return body<ProductListResponse>(response);
    },
    detail: async (id: string, cookie?: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}`, headers: cookie ? { cookie } : {} });
      return {
        status: response.statusCode,
        product: response.statusCode === 200 ? body<{ product: Product }>(response).product : null,
      };
    },
    /** Edits the listing's price (and, as the form sends every field, its title and the rest). */
    editPrice: (cookie: string, id: string, title: string, price: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/products/edit/${id}`,
        headers: { cookie },
        payload: listingForm({ ...bicycleFields, title, price }),
      }),
    rename: (cookie: string, userId: string, userName: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/users/editProfile/${userId}`, headers: { cookie }, payload: { userName } }),
    block: (cookie: string, userId: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/blocks', headers: { cookie }, payload: { userId } }),
    unblock: (cookie: string, userId: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/blocks/${userId}`, headers: { cookie } }),
    report: (cookie: string, productId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: { cookie },
        payload: { targetType: 'listing', targetId: productId, reason: 'scam' },
      }),
  };
}

/** The titles of a page of cards. */
export const titlesOf = (page: ProductListResponse) => page.products.map((product) => product.title);

/** The count the search's category checklist shows for a category (0 when it is not listed). */
export const countOf = (page: ProductListResponse, category: string) =>
  page.categories.find((each) => each.name === category)?.count ?? 0;

/** Retries `check` until it passes or `withinMs` is over (then its last failure is thrown). */
export async function eventually<T>(check: () => Promise<T>, withinMs = 1000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * Changes a listing's price with the triggers off (session_replication_role = replica), so no
 * cache hears of it: a later read still showing the old price proves that answer was kept.
 */
export async function changePriceUnannounced(t: TestApp, id: string, price: number): Promise<void> {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(products).set({ price }).where(eq(products.id, id));
  });
}
