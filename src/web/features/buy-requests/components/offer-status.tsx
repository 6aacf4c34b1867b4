import { Check, HandCoins, Undo2 } from 'lucide-react';
import { Suspense } from 'react';
import type { Offer } from '#domain/buy-requests/buy-request.wire.ts';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { serverOrNetworkMessageOf } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useDisclosure } from '#web/components/ui/use-disclosure.ts';
import { formatLongDate } from '#web/lib/format-date.ts';
import { lazyWithPreload, preloadOnIntent } from '#web/lib/lazy-with-preload.ts';
import { toast } from '#web/lib/toast.ts';
import { useOfferStep } from '../api/offer-actions.ts';
import type { CounterDialogProps } from './offer-dialogs.tsx';

/** The counter form and its validation arrive when it is opened, not with every list that shows a request. */
const CounterDialog = lazyWithPreload<CounterDialogProps>(() =>
  import('./offer-dialogs.tsx').then((module) => module.CounterDialog),
);

/**
 * The buyer's view of the offer on their open request (issue 23): their own offer waiting for the
 * seller (Withdraw), or the seller's counter to answer (Accept / Counter / Withdraw).
 */
export function BuyerOfferActions({ productId, offer }: { productId: string; offer: Offer }) {
  const counter = useDisclosure();
  const step = useOfferStep({
    onSuccess: (answer) => toast.success(answer.msg),
    onError: (failure) => toast.error(serverOrNetworkMessageOf(failure, om.actionFailed)),
  });
  const fromSeller = offer.by === 'seller';
  const expires = formatLongDate(offer.expiresAt);
  return (
    <div data-offer-by={offer.by} className="space-y-2 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <HandCoins className="h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        {fromSeller ? om.sellerCounter(offer.amount) : om.yourOffer(offer.amount)}
      </p>
      {expires && <p className="text-xs text-slate-700">{om.expiresAt(expires)}</p>}
      <div className="flex flex-wrap gap-2">
        {fromSeller && (
          <>
            <Button
              size="sm"
              busy={step.isPending && step.variables?.action === 'accept'}
              disabled={step.isPending}
              onClick={() => step.mutate({ action: 'accept', productId })}
            >
              <Check className="h-4 w-4" aria-hidden="true" />
              {om.acceptButton}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={step.isPending}
              onClick={counter.open}
              {...preloadOnIntent(CounterDialog.preload)}
            >
              <HandCoins className="h-4 w-4" aria-hidden="true" />
              {om.counterButton}
            </Button>
          </>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={step.isPending}
          onClick={() => step.mutate({ action: 'withdraw', productId })}
        >
          <Undo2 className="h-4 w-4" aria-hidden="true" />
          {om.withdrawButton}
        </Button>
      </div>
      {counter.isOpen && (
        <Suspense fallback={null}>
          <CounterDialog productId={productId} current={offer.amount} open onOpenChange={counter.setOpen} />
        </Suspense>
      )}
    </div>
  );
}
