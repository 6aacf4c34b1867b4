import { Clock, Search, X } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '#domain/constants.ts';
import { SEARCH_MAX_CHARS, SEARCH_SUGGESTIONS_MIN_CHARS, browseMessages as m } from '#domain/products/browse.ts';
import { cn } from '#web/lib/cn.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { useSearchSuggestions } from '../api/get-suggestions.ts';
import { readRecentSearches, rememberSearch } from './recent-searches.ts';

interface Option {
  kind: 'recent' | 'suggestion';
  text: string;
}

export interface SearchBoxProps {
  /** The search the page shows now (its address's `q`); the box follows it on back and forward. */
  value: string;
  /** A search chosen: Enter, a suggestion, or '' from the clear button. */
  onSearch: (q: string) => void;
  className?: string;
}

/**
 * The search box at the top of Home and Products (issue 22): an ARIA 1.2 combobox whose list
 * offers this device's recent searches and the titles the server suggests as one types. Arrow
 * keys move through the list, Enter searches (the chosen option, or the text), Escape closes the
 * list and then clears the text; the × clears the search.
 */
export function SearchBox({ value, onSearch, className }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>(readRecentSearches);

  // The box follows the address (back, forward, a removed chip): adjusted while rendering.
  const [followed, setFollowed] = useState(value);
  if (followed !== value) {
    setFollowed(value);
    setText(value);
  }

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useSearchSuggestions(open ? debounced : '');

  const options = useMemo<Option[]>(() => {
    const lower = typed.toLowerCase();
    const recentShown = recent.filter((item) => item.toLowerCase().includes(lower));
    const seen = new Set(recentShown.map((item) => item.toLowerCase()));
    const suggested =
      typed.length >= SEARCH_SUGGESTIONS_MIN_CHARS
        ? (suggestions.data ?? []).filter((title) => !seen.has(title.toLowerCase()))
        : [];
    return [
      ...recentShown.map((item): Option => ({ kind: 'recent', text: item })),
      ...suggested.map((item): Option => ({ kind: 'suggestion', text: item })),
    ];
  }, [recent, suggestions.data, typed]);

  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 && active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const search = (q: string) => {
    const chosen = q.trim();
    if (chosen) setRecent(rememberSearch(chosen));
    setText(chosen);
    setOpen(false);
    setActive(-1);
    onSearch(chosen);
  };

  const clear = () => {
    setText('');
    setActive(-1);
    inputRef.current?.focus();
    if (value !== '') onSearch('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? options.length - 1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    } else if (event.key === 'Enter' && activeOption >= 0) {
      event.preventDefault();
      search(options[activeOption]!.text);
    }
  };

  const groups = (['recent', 'suggestion'] as const)
    .map((kind) => ({
      kind,
      items: options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === kind),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(event) => {
        event.preventDefault();
        search(text);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        {m.searchLabel}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption >= 0 ? optionId(activeOption) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_CHARS}
        placeholder={m.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="block h-11 w-full rounded-full border border-slate-300 bg-white pl-9 pr-11 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
      />
      {text !== '' && (
        <button
          type="button"
          onClick={clear}
          aria-label={m.clearSearch}
          className="absolute right-1 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label={m.searchLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-2xl bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {expanded &&
          groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
              <div
                id={`${id}-${group.kind}`}
                role="presentation"
                className="px-4 pb-1 pt-2 text-xs font-semibold uppercase text-slate-600"
              >
                {group.kind === 'recent' ? m.recentSearches : m.suggestions}
              </div>
              {group.items.map(({ option, index }) => (
                <div
                  key={`${option.kind}:${option.text}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeOption}
                  // Keeps the focus in the box, so the click lands before the list closes.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => search(option.text)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 px-4 py-2.5 text-sm text-slate-800',
                    index === activeOption ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50',
                  )}
                >
                  {option.kind === 'recent' ? (
                    <Clock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  ) : (
                    <Search className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                  )}
                  <span className="truncate">{option.text}</span>
                </div>
              ))}
            </div>
          ))}
      </div>
    </form>
  );
}
