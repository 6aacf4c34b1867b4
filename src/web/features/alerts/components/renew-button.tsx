import { RefreshCw } from 'lucide-react';
import { isRenewable, lifecycleMessages as m } from '#domain/alerts/listing-lifecycle.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { useRenewListing } from '../api/renew-listing.ts';

/** Renew on My Listings: shown on an expired listing or one in its last days; one tap. */
export function RenewButton({ product }: { product: Product }) {
  const renew = useRenewListing();
  if (!isRenewable(product, new Date())) return null;
  return (
    <Button
      size="sm"
      busy={renew.isPending}
      aria-label={`${m.renew} ${product.title}`}
      onClick={() =>
        renew.mutate(product._id, {
          onSuccess: (answer) => toast.success(answer.msg),
          onError: (error) => toast.error(messageOf(error, m.notRenewableYet)),
        })
      }
    >
      <RefreshCw className="h-4 w-4" aria-hidden="true" />
      {renew.isPending ? m.renewing : m.renew}
    </Button>
  );
}

/** What an owner reads on an expired listing's card. */
export function ExpiredNote() {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900">
        {m.expiredBadge}
      </span>
      {m.expiredHint}
    </p>
  );
}
