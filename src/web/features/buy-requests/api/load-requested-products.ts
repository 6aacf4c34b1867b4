import { useEffect } from 'react';
import { buyRequestMessages } from '#domain/buy-requests/buy-request.messages.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { toast } from '#web/lib/toast.ts';
import { useRequestedProducts } from './get-requested-products.ts';

/**
 * Loads the set once the session is known (spec 4: "then loads the wishlist and a further data
 * set") and says so when it cannot: 'Error in getting the products', or the server's msg or
 * network error's message (spec 8).
 */
export function useLoadRequestedProducts(): void {
  const { isError, error } = useRequestedProducts();
  useEffect(() => {
    if (isError) toast.error(serverOrNetworkMessageOf(error, buyRequestMessages.fetchProductsFailed));
  }, [isError, error]);
}
