import { type FormEvent, useId, useState } from 'react';
import {
  type Category,
  CONDITIONS,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORT_PLACEHOLDER,
  PRODUCT_SORTS,
  type ProductSort,
} from '#domain/catalog.ts';
import { browseMessages as m, parsePriceBound, priceRangeError } from '#domain/products/browse.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Select } from '#web/components/ui/field.tsx';
import { Sheet } from '#web/components/ui/sheet.tsx';
import type { BrowseViewState } from '../use-browse-view.ts';

export interface CategoryOption {
  name: Category;
  /** Unknown for a chosen category the current answer does not list. */
  count: number | undefined;
}

const checkbox = 'h-4 w-4 rounded border-slate-400 text-brand-600 accent-brand-600';

export interface FilterSidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  browse: BrowseViewState;
  categoryOptions: CategoryOption[];
}

const boundText = (value: number | undefined) => (value === undefined ? '' : String(value));

/**
 * The price range: typed freely, applied with Enter or Apply. A bound that is not a number, is
 * negative, or a minimum above the maximum is refused here with the API's own words (issue 24).
 */
function PriceRange({ browse }: { browse: BrowseViewState }) {
  const id = useId();
  const { minPrice, maxPrice } = browse.view;
  const [min, setMin] = useState(boundText(minPrice));
  const [max, setMax] = useState(boundText(maxPrice));
  const [error, setError] = useState<{ field: 'min' | 'max'; message: string } | undefined>();

  // The fields follow the address (back, forward, a removed chip): adjusted while rendering.
  const [followed, setFollowed] = useState([minPrice, maxPrice]);
  if (followed[0] !== minPrice || followed[1] !== maxPrice) {
    setFollowed([minPrice, maxPrice]);
    setMin(boundText(minPrice));
    setMax(boundText(maxPrice));
    setError(undefined);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const low = parsePriceBound(min);
    if ('error' in low) return setError({ field: 'min', message: low.error });
    const high = parsePriceBound(max);
    if ('error' in high) return setError({ field: 'max', message: high.error });
    const order = priceRangeError(low.value, high.value);
    if (order) return setError({ field: 'min', message: order });
    setError(undefined);
    browse.change({ minPrice: low.value, maxPrice: high.value });
  };

  const invalid = (field: 'min' | 'max') =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

  return (
    <form onSubmit={apply} noValidate aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="text-sm font-medium text-slate-800">
        {m.priceRange}
      </p>
      <div className="mt-2 flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-min`} className="block text-xs text-slate-700">
            {m.minPrice}
          </label>
          <Input
            id={`${id}-min`}
            inputMode="decimal"
            autoComplete="off"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            {...invalid('min')}
          />
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-max`} className="block text-xs text-slate-700">
            {m.maxPrice}
          </label>
          <Input
            id={`${id}-max`}
            inputMode="decimal"
            autoComplete="off"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            {...invalid('max')}
          />
        </div>
        <Button type="submit" variant="secondary">
          {m.applyPrice}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </form>
  );
}

/** The slide-in filter sheet of the Products page (spec 2): buy requests, sort, categories, condition, price. */
export function FilterSidebar({ open, onOpenChange, browse, categoryOptions }: FilterSidebarProps) {
  const id = useId();
  const { view } = browse;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Filter"
      footer={
        <Button variant="secondary" className="w-full" onClick={browse.reset}>
          Clear Filter
        </Button>
      }
    >
      <div className="space-y-6">
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className={checkbox}
            checked={view.requested}
            onChange={(event) => browse.change({ requested: event.target.checked })}
          />
          {m.showBuyRequests}
        </label>

        <div className="space-y-1">
          <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-800">
            Sort
          </label>
          <Select
            id={`${id}-sort`}
            value={view.sort ?? ''}
            onChange={(event) => browse.change({ sort: (event.target.value as ProductSort | '') || undefined })}
          >
            <option value="">{PRODUCT_SORT_PLACEHOLDER}</option>
            {PRODUCT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {PRODUCT_SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>

        <PriceRange browse={browse} />

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{m.categories}</legend>
          <ul className="mt-2 space-y-2">
            {categoryOptions.map(({ name, count }) => (
              <li key={name}>
                <label className="flex items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={checkbox}
                    checked={view.categories.includes(name)}
                    onChange={(event) => browse.toggleCategory(name, event.target.checked)}
                  />
                  <span className="flex-1">{name}</span>
                  {count !== undefined && <span className="text-xs text-slate-600">{count}</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{m.conditions}</legend>
          <ul className="mt-2 grid grid-cols-2 gap-2">
            {CONDITIONS.map((condition) => (
              <li key={condition}>
                <label className="flex items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={checkbox}
                    checked={view.conditions.includes(condition)}
                    onChange={(event) => browse.toggleCondition(condition, event.target.checked)}
                  />
                  {condition}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    </Sheet>
  );
}
