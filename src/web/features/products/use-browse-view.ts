import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Category, Condition } from '#domain/catalog.ts';
import { type BrowseView, EMPTY_BROWSE_VIEW, browseSearchOf, isFiltered } from '#domain/products/browse.ts';
import { browseViewOf } from './browse-address.ts';
import { writeStoredProductFilter } from './product-filter-storage.ts';

const toggled = <T extends string>(list: T[], value: T, on: boolean) =>
  on ? [...new Set([...list, value])] : list.filter((item) => item !== value);

/**
 * The Products page's view, read from and written to its address (issue 22): every filter, the
 * sort, the search and the page are in the URL, so a link opens the same results and back and
 * forward step through the views. A change is a new history entry; the page count following the
 * scroll replaces the current one. The categories and the buy-request toggle are also kept on
 * the device (spec 4).
 */
export function useBrowseView() {
  const location = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => browseViewOf(location.search), [location.search]);
  const canonical = browseSearchOf(view);

  // An address with unknown or bad values (or a bare one given the kept filter) is rewritten to what is shown.
  useEffect(() => {
    if (canonical !== location.search.replace(/^\?/, '')) {
      void navigate({ pathname: location.pathname, search: canonical }, { replace: true, preventScrollReset: true });
    }
  }, [canonical, location.pathname, location.search, navigate]);

  const categoriesKey = view.categories.join(',');
  useEffect(() => {
    writeStoredProductFilter({ showBuyRequests: view.requested, filter: view.categories });
    // The list's identity changes with every address; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.requested, categoriesKey]);

  const go = useCallback(
    (next: BrowseView, replace = false) => {
      void navigate({ pathname: location.pathname, search: browseSearchOf(next) }, { replace });
    },
    [location.pathname, navigate],
  );

  /** A new view: a history entry of its own, from the top of its first page. */
  const change = useCallback(
    (patch: Partial<BrowseView>) => {
      go({ ...view, ...patch, page: 1 });
      window.scrollTo(0, 0);
    },
    [go, view],
  );

  const setPage = useCallback(
    (page: number) => {
      if (page !== view.page) go({ ...view, page }, true);
    },
    [go, view],
  );

  return {
    view,
    isActive: isFiltered(view),
    change,
    setPage,
    reset: useCallback(() => change(EMPTY_BROWSE_VIEW), [change]),
    toggleCategory: (category: Category, on: boolean) => change({ categories: toggled(view.categories, category, on) }),
    toggleCondition: (condition: Condition, on: boolean) => change({ conditions: toggled(view.conditions, condition, on) }),
  };
}

export type BrowseViewState = ReturnType<typeof useBrowseView>;
