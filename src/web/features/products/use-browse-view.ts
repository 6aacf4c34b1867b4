import { startTransition, useCallback, useEffect, useMemo, useOptimistic } from 'react';
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
 *
 * The router moves to a new address in a transition, so the address's view reaches the screen
 * only once the whole page has rendered again: a ticked checkbox would spring back unticked for
 * that while (longer on a slow phone), and a second tap in that moment would build on the view
 * before the first. The view shown is therefore the one asked for, optimistically, until the
 * address catches up.
 */
export function useBrowseView() {
  const location = useLocation();
  const navigate = useNavigate();
  const addressed = useMemo(() => browseViewOf(location.search), [location.search]);
  const [view, showView] = useOptimistic(addressed);
  const canonical = browseSearchOf(addressed);

  // This page stays mounted while the router draws the next one (a product, About): a page count
  // or a correction arriving then must not replace the address the student has just moved to.
  // The browser's current entry is the router's (BrowserRouter keeps its key in history.state; a
  // memory router leaves it empty, and is always here).
  const stillHere = useCallback(() => {
    const current = (window.history.state as { key?: string } | null)?.key;
    return current === undefined || current === location.key;
  }, [location.key]);

  // An address with unknown or bad values (or a bare one given the kept filter) is rewritten to what is shown.
  useEffect(() => {
    if (stillHere() && canonical !== location.search.replace(/^\?/, '')) {
      void navigate({ pathname: location.pathname, search: canonical }, { replace: true, preventScrollReset: true });
    }
  }, [canonical, location.pathname, location.search, navigate, stillHere]);

  const categoriesKey = addressed.categories.join(',');
  useEffect(() => {
    writeStoredProductFilter({ showBuyRequests: addressed.requested, filter: addressed.categories });
    // The list's identity changes with every address; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [addressed.requested, categoriesKey]);

  const go = useCallback(
    (next: BrowseView, replace = false) => {
      if (replace && !stillHere()) return;
      // A bare address shows the kept filter (browseViewOf), so it is the new view's before the
      // address changes: else unticking the last category, or Clear Filter, brought it back.
      writeStoredProductFilter({ showBuyRequests: next.requested, filter: next.categories });
      startTransition(() => {
        showView(next);
        void navigate({ pathname: location.pathname, search: browseSearchOf(next) }, { replace });
      });
    },
    [location.pathname, navigate, showView, stillHere],
  );

  /** A new view: a history entry of its own, from the top of its first page. */
  const show = useCallback(
    (next: BrowseView) => {
      go({ ...next, page: 1 });
      window.scrollTo(0, 0);
    },
    [go],
  );
  const change = useCallback((patch: Partial<BrowseView>) => show({ ...view, ...patch }), [show, view]);

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
    // The empty view itself, not merged into the current one: that kept the sort and the price range.
    reset: useCallback(() => show(EMPTY_BROWSE_VIEW), [show]),
    toggleCategory: (category: Category, on: boolean) => change({ categories: toggled(view.categories, category, on) }),
    toggleCondition: (condition: Condition, on: boolean) => change({ conditions: toggled(view.conditions, condition, on) }),
  };
}

export type BrowseViewState = ReturnType<typeof useBrowseView>;
