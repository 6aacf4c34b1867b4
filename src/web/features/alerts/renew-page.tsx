import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { lifecycleMessages as m } from '#domain/alerts/listing-lifecycle.ts';
import { messageOf } from '#web/api/failure-message.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { useRenewByLink } from './api/renew-listing.ts';

/**
 * Where the expiry mail's one-click link lands, signed in or not: it renews the listing at once
 * (the page posts; opening the link's address alone changes nothing, so mail scanners cannot).
 */
export function RenewPage() {
  const { token = '' } = useParams();
  const renew = useRenewByLink();
  const { mutate } = renew;

  useEffect(() => {
    mutate(token);
  }, [mutate, token]);

  let content;
  if (renew.isSuccess) {
    content = (
      <div role="status" className="space-y-2">
        <p className="font-medium text-slate-900">“{renew.data.productTitle}”</p>
        <p className="text-slate-700">{renew.data.msg}</p>
        <Link
          to={paths.shop.product(renew.data.productId)}
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {m.viewListing}
        </Link>
      </div>
    );
  } else if (renew.isError) {
    content = (
      <p role="alert" className="text-slate-700">
        {messageOf(renew.error, m.renewLinkInvalid)}
      </p>
    );
  } else {
    content = (
      <div role="status" aria-label={m.renewing} className="flex justify-center py-4">
        <Spinner className="h-8 w-8 text-brand-600" />
      </div>
    );
  }

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <section className="w-full max-w-md space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-xl font-extrabold tracking-tight text-brand-700">Campus Market</p>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <RefreshCw className="h-6 w-6 text-brand-600" aria-hidden="true" />
          {m.renewTitle}
        </h1>
        {content}
        <Link to={paths.shop.listings} className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          {m.goToMyListings}
        </Link>
      </section>
    </main>
  );
}
