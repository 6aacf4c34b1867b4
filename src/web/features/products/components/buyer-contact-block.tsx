import type { ReactNode } from 'react';
import type { Product } from '#domain/products/product.wire.ts';
import { CardImage } from './card-image.tsx';

export interface BuyerContactBlockProps {
  product: Product;
  /**
   * What a buyer can do about this product: the buy-request message form goes here. Without it
   * the block points the buyer at the seller's contact details.
   */
  children?: ReactNode;
}

/**
 * Shown to everyone but the seller on a product's page (spec 2): the product, then the buyer's
 * action. On a phone the block draws no frame of its own (the page shows the product just above,
 * and its actions sit in the bar at the bottom of the screen, issue 22): only what it holds shows.
 */
export function BuyerContactBlock({ product, children }: BuyerContactBlockProps) {
  return (
    <section
      aria-labelledby="buyer-contact-heading"
      className="max-md:contents md:block md:rounded-2xl md:bg-white md:p-5 md:ring-1 md:ring-slate-200"
    >
      <h2 id="buyer-contact-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600 max-md:sr-only">
        Interested in this product?
      </h2>
      <div className="mt-3 flex items-center gap-3 max-md:hidden">
        <CardImage image={product.images[0]} sizes="80px" className="w-20 shrink-0 rounded-lg" />
        <p className="min-w-0 break-words font-semibold text-slate-900">{product.title}</p>
      </div>
      <div className="md:mt-4">
        {children ?? <p className="text-sm text-slate-700">Reach the seller through the contact details above.</p>}
      </div>
    </section>
  );
}
