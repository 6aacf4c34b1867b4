// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_FILTER_STORAGE_KEY } from '#domain/constants.ts';
import { useBrowseView } from './use-browse-view.ts';

function renderAt(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(() => ({ browse: useBrowseView(), location: useLocation() }), { wrapper });
}

const stored = () => JSON.parse(window.localStorage.getItem(PRODUCT_FILTER_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  window.scrollTo = () => {};
  window.localStorage.clear();
});
afterEach(cleanup);

describe('the Products view', () => {
  it('unticks the last category: the bare address does not bring it back from the device', () => {
    const { result } = renderAt('/shop/products?category=Books');
    expect(stored()).toEqual({ showBuyRequests: false, filter: ['Books'] });
    act(() => result.current.browse.toggleCategory('Books', false));
    expect(result.current.location.search).toBe('');
    expect(result.current.browse.view.categories).toEqual([]);
    expect(result.current.browse.isActive).toBe(false);
    expect(stored()).toEqual({ showBuyRequests: false, filter: [] });
  });

  it('clears everything with reset: categories, conditions, search, price range, sort and the buy-request toggle', () => {
    const { result } = renderAt(
      '/shop/products?q=lamp&category=Books&condition=Good&minPrice=100&maxPrice=500&sort=priceLowHigh&requested=true',
    );
    expect(result.current.browse.isActive).toBe(true);
    act(() => result.current.browse.reset());
    expect(result.current.location.search).toBe('');
    expect(result.current.browse.isActive).toBe(false);
    expect(result.current.browse.view.sort).toBeUndefined();
    expect(result.current.browse.view.minPrice).toBeUndefined();
    expect(stored()).toEqual({ showBuyRequests: false, filter: [] });
  });

  it('still opens a bare address on the filter kept on the device', () => {
    window.localStorage.setItem(PRODUCT_FILTER_STORAGE_KEY, JSON.stringify({ showBuyRequests: false, filter: ['Cycle'] }));
    const { result } = renderAt('/shop/products');
    expect(result.current.browse.view.categories).toEqual(['Cycle']);
    expect(result.current.location.search).toBe('?category=Cycle');
  });
});
