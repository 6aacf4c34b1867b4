import type { QueryClient } from '@tanstack/react-query';
import { listingKeys, productKeys } from './query-keys.ts';

/** After any change to a listing, every product list, detail and My Listings answer is stale. */
export function invalidateProductData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
    queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  ]);
}
