// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { offlineMessages } from '#domain/offline.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { type ApiCall, answer, fakeApi } from '#web/testing/fake-api.ts';
import { admin, productOf, renderWithApp, student } from '#web/testing/render.tsx';
import { PriceTag } from './components/price-tag.tsx';
import { ProductDetailPage } from './product-detail-page.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const mine = productOf({ seller: { ...productOf().seller, _id: student._id, userName: student.userName } });
const bookOf = (n: number) => productOf({ _id: `p-book-${n}`, title: `Book ${n}`, category: 'Books' });

/**
 * The similar products of `viewed`: all other products of its category, paged as the server
 * pages them (the cursor is opaque to the page; here it is just the next page's number).
 */
function similarPages(others: Product[]) {
  return (call: ApiCall) => {
    const limit = Number(call.query.get('limit'));
    const page = Number(call.query.get('cursor') ?? 1);
    return answer(200, {
      success: true,
      products: others.slice((page - 1) * limit, page * limit),
      total: others.length,
      page,
      totalPages: Math.max(1, Math.ceil(others.length / limit)),
      nextCursor: page * limit < others.length ? String(page + 1) : null,
      categories: [],
    });
  };
}

function renderDetail(product: Product, user = student, similar: Product[] = []) {
  const api = fakeApi({
    [`GET /api/v1/products/${product._id}`]: () => answer(200, { success: true, product }),
    'GET /api/v1/products': similarPages(similar),
    [`GET /api/v1/wishlist/get-buy-requests/${user._id}`]: () => answer(200, { success: true, buyRequests: [] }),
  });
  renderWithApp(
    <Routes>
      <Route path="/shop/products/:id" element={<ProductDetailPage />} />
    </Routes>,
    { user, path: `/shop/products/${product._id}` },
  );
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the product page for its seller', () => {
  it("shows the request button disabled, reading 'Your upload', in the owner block", async () => {
    renderDetail(mine);
    const block = await screen.findByRole('region', { name: 'Your listing' });
    const button = within(block).getByRole('button', { name: buyRequestMessages.ownListingButton });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(block).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it("gives an admin no 'Your upload' button", async () => {
    renderDetail(mine, admin);
    await screen.findByRole('region', { name: 'Manage listing' });
    expect(screen.queryByRole('button', { name: buyRequestMessages.ownListingButton })).toBeNull();
  });
});

describe('a listing that is not there', () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  const renderMissing = () => {
    const api = fakeApi({
      [`GET /api/v1/products/${missing}`]: () => answer(404, { success: false, msg: productMessages.notFound }),
    });
    renderWithApp(
      <Routes>
        <Route path="/shop/products/:id" element={<ProductDetailPage />} />
      </Routes>,
      { user: student, path: `/shop/products/${missing}` },
    );
    return api;
  };

  it("says 'Product not found' and asks once, not again and again", async () => {
    const api = renderMissing();
    await screen.findByRole('heading', { name: productMessages.notFound });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.callsTo(`GET /api/v1/products/${missing}`)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: productMessages.notFound })).toBeTruthy();
  });

  it('asks again when the device comes back online', async () => {
    const api = renderMissing();
    await screen.findByRole('heading', { name: productMessages.notFound });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    await screen.findByRole('heading', { name: offlineMessages.notSaved });
    onLine.mockReturnValue(true);
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(api.callsTo(`GET /api/v1/products/${missing}`)).toHaveLength(2));
    await screen.findByRole('heading', { name: productMessages.notFound });
    onLine.mockRestore();
  });
});

describe('Similar Products', () => {
  it("asks for the product's photo first and the seller's picture at low priority", async () => {
    const product = productOf({
      images: [{ _id: 'img-1', url: '/uploads/a.webp', secure_url: '/uploads/a.webp', cardUrl: '/uploads/a-card.webp' }],
    });
    renderDetail(product);
    const photo = await screen.findByRole('img', { name: product.title });
    expect(photo.getAttribute('fetchpriority')).toBe('high');
    // On a slow phone a high-priority picture shares the connection with the photo and the code.
    const sellerPicture = screen.getByRole('region', { name: 'Seller' }).querySelector('img');
    expect(sellerPicture?.getAttribute('fetchpriority')).toBe('low');
  });

  it('lists every other product of the category, 8 at a time, and loads the rest on request', async () => {
    const viewed = bookOf(0);
    const others = Array.from({ length: 11 }, (_, index) => bookOf(index + 1));
    const api = renderDetail(viewed, student, others);
    const list = await screen.findByRole('list', { name: 'Similar Products' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(8));
    const [first] = api.callsTo('GET /api/v1/products');
    expect(Object.fromEntries(first!.query)).toEqual({ category: 'Books', excludeId: viewed._id, limit: '8' });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(11));
    // The next page continues from the first one's nextCursor.
    expect(api.callsTo('GET /api/v1/products')[1]!.query.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for them only once the product is drawn and the browser is idle', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const viewed = bookOf(0);
    const api = renderDetail(viewed, student, [bookOf(1)]);
    await screen.findByRole('heading', { name: viewed.title });
    await waitFor(() => expect(idle).toHaveLength(1));
    expect(api.callsTo('GET /api/v1/products')).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Similar Products' })).toBeNull();

    idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));
    const list = await screen.findByRole('list', { name: 'Similar Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(api.callsTo('GET /api/v1/products')).toHaveLength(1);
  });

  it("says 'No similar products found.' when the category has nothing else", async () => {
    renderDetail(bookOf(0));
    await screen.findByText(productMessages.noSimilar);
  });
});

describe('prices', () => {
  const struck = () => document.querySelector('s')?.textContent?.replace('Original price ', '') ?? null;
  const badge = () => screen.queryByText(/% OFF$/)?.textContent ?? null;

  it('a card strikes any original price that differs from the price, ₹0 included', () => {
    render(<PriceTag price={500} originalPrice={0} showBadge={false} />);
    expect(struck()).toBe('₹0');
    cleanup();
    render(<PriceTag price={500} originalPrice={400} showBadge={false} />);
    expect(struck()).toBe('₹400');
    cleanup();
    render(<PriceTag price={500} originalPrice={500} showBadge={false} />);
    expect(struck()).toBeNull();
  });

  it('the product page strikes the original and shows the badge only when it is not 0 and higher', () => {
    render(<PriceTag price={750} originalPrice={1000} strike="when-discounted" />);
    expect([struck(), badge()]).toEqual(['₹1,000', '25% OFF']);
    for (const originalPrice of [0, 400, 750, null]) {
      cleanup();
      render(<PriceTag price={750} originalPrice={originalPrice} strike="when-discounted" />);
      expect([struck(), badge()]).toEqual([null, null]);
    }
  });
});
