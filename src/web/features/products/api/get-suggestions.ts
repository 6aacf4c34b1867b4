import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_SUGGESTIONS_MIN_CHARS } from '#domain/products/browse.ts';
import type { SearchSuggestionsResponse } from '#domain/products/product.wire.ts';
import { apiRequest } from '#web/api/api-client.ts';
import { productKeys } from './query-keys.ts';

/** Titles matching what is typed in the search box, once it is long enough to be worth asking. */
export function useSearchSuggestions(text: string) {
  const q = text.trim().toLowerCase();
  const enabled = q.length >= SEARCH_SUGGESTIONS_MIN_CHARS;
  return useQuery<string[]>({
    queryKey: productKeys.suggestions(q),
    queryFn: async ({ signal }): Promise<string[]> => {
      const answer = await apiRequest<SearchSuggestionsResponse>('/products/suggestions', { query: { q }, signal });
      return answer.suggestions;
    },
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
