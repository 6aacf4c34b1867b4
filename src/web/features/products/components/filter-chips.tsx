import { X } from 'lucide-react';
import { PRODUCT_SORT_LABELS } from '#domain/catalog.ts';
import { type BrowseView, browseMessages as m } from '#domain/products/browse.ts';
import type { BrowseViewState } from '../use-browse-view.ts';

interface Chip {
  key: string;
  label: string;
  without: Partial<BrowseView>;
}

function chipsOf(view: BrowseView): Chip[] {
  const chips: Chip[] = [];
  if (view.q) chips.push({ key: 'q', label: m.searchChip(view.q), without: { q: '' } });
  for (const category of view.categories) {
    chips.push({ key: `c:${category}`, label: category, without: { categories: view.categories.filter((c) => c !== category) } });
  }
  for (const condition of view.conditions) {
    chips.push({
      key: `k:${condition}`,
      label: condition,
      without: { conditions: view.conditions.filter((c) => c !== condition) },
    });
  }
  if (view.minPrice !== undefined || view.maxPrice !== undefined) {
    chips.push({
      key: 'price',
      label: m.priceChip(view.minPrice, view.maxPrice),
      without: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (view.sort) chips.push({ key: 'sort', label: PRODUCT_SORT_LABELS[view.sort], without: { sort: undefined } });
  if (view.requested) chips.push({ key: 'requested', label: m.showBuyRequests, without: { requested: false } });
  return chips;
}

/** The active filters above the grid, each removable on its own (issue 22). */
export function FilterChips({ browse }: { browse: BrowseViewState }) {
  const chips = chipsOf(browse.view);
  if (chips.length === 0) return null;
  return (
    <ul
      aria-label={m.activeFilters}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {chips.map((chip) => (
        <li key={chip.key} className="shrink-0">
          <button
            type="button"
            onClick={() => browse.change(chip.without)}
            aria-label={m.removeFilter(chip.label)}
            className="inline-flex h-8 max-w-[14rem] items-center gap-1.5 rounded-full bg-brand-50 pl-3 pr-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="truncate">{chip.label}</span>
            <X className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
