import { useId } from 'react';
import {
  type Category,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORT_PLACEHOLDER,
  PRODUCT_SORTS,
  type ProductSort,
} from '#domain/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Select } from '#web/components/ui/field.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import type { ProductFilterState } from '../use-product-filter.ts';

export interface CategoryOption {
  name: Category;
  /** Unknown for a chosen category the current answer does not list. */
  count: number | undefined;
}

const checkbox = 'h-4 w-4 rounded border-slate-400 text-brand-600 accent-brand-600';

export interface FilterSidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filter: ProductFilterState;
  categoryOptions: CategoryOption[];
}

/** The slide-in filter sidebar of the Products page (spec 2). */
export function FilterSidebar({ open, onOpenChange, filter, categoryOptions }: FilterSidebarProps) {
  const id = useId();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Filter"
      footer={
        <Button variant="secondary" className="w-full" onClick={filter.reset}>
          Clear Filter
        </Button>
      }
    >
      <div className="space-y-6">
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className={checkbox}
            checked={filter.showBuyRequests}
            onChange={(event) => filter.setShowBuyRequests(event.target.checked)}
          />
          Show Buy Requests
        </label>

        <div className="space-y-1">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
            Search
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search by title"
            value={filter.search}
            onChange={(event) => filter.setSearch(event.target.value)}
          />
        </div>

        <div className="space-y-1">
          <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-800">
            Sort
          </label>
          <Select
            id={`${id}-sort`}
            value={filter.sort}
            onChange={(event) => filter.setSort(event.target.value as ProductSort | '')}
          >
            <option value="">{PRODUCT_SORT_PLACEHOLDER}</option>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {PRODUCT_SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Categories</legend>
          <ul className="mt-2 space-y-2">
            {categoryOptions.map(({ name, count }) => (
              <li key={name}>
                <label className="flex items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={checkbox}
                    checked={filter.categories.includes(name)}
                    onChange={(event) => filter.toggleCategory(name, event.target.checked)}
                  />
                  <span className="flex-1">{name}</span>
                  {count !== undefined && <span className="text-xs text-slate-600">{count}</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </Sheet>
  );
}
