import { type ReactNode, useCallback } from 'react';
import type { Product } from '#domain/products/product.wire.ts';
import { useMyBuyRequests } from './api/get-my-requests.ts';
import { useRequestedProducts } from './api/get-requested-products.ts';
import { RequestStatus, RequestedBadge } from './components/request-status.tsx';

/**
 * For the Products page's Show Buy Requests view: a card footer marking the listings the buyer
 * asked for (the set loaded at start), with what became of each request (and the seller's
 * contact once accepted) when the statuses are known. Undefined while the view is off.
 */
export function useRequestStatusFooter(enabled: boolean): ((product: Product) => ReactNode) | undefined {
  const { ids } = useRequestedProducts();
  const { byProduct } = useMyBuyRequests({ enabled });

  const render = useCallback(
    (product: Product) => {
      const request = byProduct.get(product._id);
      if (request) return <RequestStatus request={request} title={product.title} compact />;
      return ids.has(product._id) ? <RequestedBadge /> : null;
    },
    [byProduct, ids],
  );
  return enabled ? render : undefined;
}
