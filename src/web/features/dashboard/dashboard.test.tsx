// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminStatsMessages as m } from '#domain/admin-stats/admin-stats.messages.ts';
import { adminMessages } from '#domain/users/admin-users.messages.ts';
import { type ApiHandler, answer, fakeApi, held } from '#web/testing/fake-api.ts';
import { admin, renderWithApp } from '#web/testing/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const ok = (data: unknown) => () => answer(200, { success: true, msg: 'fetched', data });

const campus = {
  category: ok([
    { _id: 'Books', count: 1200 },
    { _id: 'Electronics', count: 340 },
  ]),
  condition: ok([
    { _id: 'Good', count: 1000 },
    { _id: 'New', count: 540 },
  ]),
  last4months: ok([
    { month: 'Jan', count: 12 },
    { month: 'Feb', count: 0 },
    { month: 'Mar', count: 30 },
    { month: 'Apr', count: 4 },
  ]),
  sold3months: ok([
    { month: 'Feb', sold: 0 },
    { month: 'Mar', sold: 0 },
    { month: 'Apr', sold: 0 },
  ]),
  users: ok({ totalUsers: 2500, totalSellers: 400, activeSellers: 75 }),
  lifecycle: ok({ expired: 1234, expiringSoon: 56 }),
};

type Routes = Record<keyof typeof campus, ApiHandler>;

function renderDashboard(routes: Routes) {
  fakeApi({
    'GET /api/v1/admin-stats/products/category': routes.category,
    'GET /api/v1/admin-stats/products/condition': routes.condition,
    'GET /api/v1/admin-stats/products/last4months': routes.last4months,
    'GET /api/v1/admin-stats/products/sold3months': routes.sold3months,
    'GET /api/v1/admin-stats/users/statistics': routes.users,
    'GET /api/v1/admin-stats/products/lifecycle': routes.lifecycle,
  });
  renderWithApp(<DashboardPage />, { user: admin });
}

/** The number on the card whose term is `label`. */
function cardValue(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

beforeEach(() => {
  // jsdom does not lay out; the charts only need to be able to observe their size.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin dashboard', () => {
  it('shows the totals, listings being the sum over the categories', async () => {
    renderDashboard(campus);
    expect(screen.getByRole('heading', { level: 1, name: adminMessages.dashboard })).toBeDefined();
    await screen.findByText('2,500');
    expect(cardValue(m.students)).toBe('2,500');
    expect(cardValue(m.sellers)).toBe('400');
    expect(cardValue(m.activeSellers)).toBe('75');
    expect(cardValue(m.listings)).toBe('1,540');
    // Issue 24: the listings that expired without being renewed.
    await vi.waitFor(() => expect(cardValue(m.expiredListings)).toBe('1,234'));
  });

  it('gives screen readers each chart as a table, the chart itself hidden from them', async () => {
    renderDashboard(campus);
    const categories = await screen.findByRole('table', { name: m.categoryChart });
    expect(
      within(categories)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([`${m.category}${m.listingsColumn}`, 'Books1,200', 'Electronics340']);
    const months = screen.getByRole('table', { name: m.monthlyListingsChart });
    expect(
      within(months)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([`${m.month}${m.listingsColumn}`, 'Jan12', 'Feb0', 'Mar30', 'Apr4']);
    const section = screen.getByRole('region', { name: m.categoryChart });
    expect(section.querySelector('[aria-hidden="true"] svg, [aria-hidden="true"] .recharts-wrapper')).not.toBeNull();
  });

  it('says so when a chart has only zeros, instead of drawing empty bars', async () => {
    renderDashboard(campus);
    const sales = await screen.findByRole('region', { name: m.monthlySalesChart });
    await within(sales).findByText(m.noSales);
    expect(within(sales).queryByRole('table')).toBeNull();
  });

  it('shows one empty state on a new install, with the totals at zero', async () => {
    renderDashboard({
      category: ok([]),
      condition: ok([]),
      last4months: ok([
        { month: 'Jan', count: 0 },
        { month: 'Feb', count: 0 },
        { month: 'Mar', count: 0 },
        { month: 'Apr', count: 0 },
      ]),
      sold3months: campus.sold3months,
      users: ok({ totalUsers: 0, totalSellers: 0, activeSellers: 0 }),
      lifecycle: ok({ expired: 0, expiringSoon: 0 }),
    });
    await screen.findByRole('heading', { level: 2, name: m.noListingsTitle });
    expect(screen.getByText(m.noListings)).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    expect(cardValue(m.listings)).toBe('0');
    expect(cardValue(m.students)).toBe('0');
  });

  it('shows skeletons and a loading status until the answers come', async () => {
    const users = held();
    renderDashboard({ ...campus, users: users.handler });
    expect(screen.getByRole('status').textContent).toBe(m.loading);
    expect(screen.getByText(m.students, { selector: 'dt' }).closest('dl')?.getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('table', { name: m.categoryChart });
    expect(cardValue(m.students)).toBe('');

    users.release(answer(200, { success: true, msg: 'fetched', data: { totalUsers: 3, totalSellers: 1, activeSellers: 1 } }));
    await screen.findByText('3', { selector: 'dd' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says which statistics failed to load and shows the rest', async () => {
    renderDashboard({ ...campus, condition: () => answer(500, { success: false, msg: 'Internal error', code: 'INTERNAL' }) });
    const conditions = await screen.findByRole('region', { name: m.conditionChart });
    expect((await within(conditions).findByRole('alert')).textContent).toBe(m.loadFailed);
    expect(await screen.findByRole('table', { name: m.categoryChart })).toBeDefined();
  });
});
