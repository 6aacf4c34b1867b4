import { Check, HandCoins, Mail, Phone, X } from 'lucide-react';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { useEffect, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { phoneHref } from '#domain/contact.ts';
import type { InterestedBuyer } from '#domain/buy-requests/buy-request.wire.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { serverMsgOf, withServerMsg } from '#web/api/failure-message.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatLongDate } from '#web/lib/format-date.ts';
import { type BuyRequestDecision, useAcceptBuyRequest, useRejectBuyRequest } from '../api/decide-buy-request.ts';
import { useInterestedBuyers } from '../api/get-interested-buyers.ts';
import { CounterDialog } from './offer-dialogs.tsx';

type PendingDecision = { kind: 'accept' | 'reject'; buyer: InterestedBuyer['buyer'] };
type PendingCounter = { buyerId: string; current: number };

const nameOf = (buyer: InterestedBuyer['buyer']) => buyer.userName.trim() || m.unknownBuyer;
const link = 'font-medium text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]';

/** spec 8: the server's msg follows 'Error fetching buyers!'; without one the load just failed. */
function loadFailure(error: unknown) {
  return serverMsgOf(error) ? withServerMsg(m.fetchBuyersError, error) : m.loadBuyersFailed;
}

/**
 * The seller's interested-buyers dialog on My Listings (spec 2), scrolling at a maximum height;
 * accept and reject each ask first, as neither can be undone. Mount it only while open: its list
 * is then loaded afresh each time it opens.
 */
export function InterestedBuyersDialog({
  product,
  open,
  onOpenChange,
}: {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const buyers = useInterestedBuyers(product._id, product.seller._id);
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [countering, setCountering] = useState<PendingCounter | null>(null);
  const accept = useAcceptBuyRequest({
    onSuccess: (answer) => {
      toast.success(answer.msg || m.accepted);
      setPending(null);
      onOpenChange(false);
    },
    onError: (error) => {
      toast.error(withServerMsg(m.acceptFailed, error));
      setPending(null);
    },
  });
  const reject = useRejectBuyRequest({
    onSuccess: (answer) => {
      toast.success(answer.msg || m.rejected);
      setPending(null);
    },
    onError: (error) => {
      toast.error(withServerMsg(m.rejectFailed, error));
      setPending(null);
    },
  });

  useEffect(() => {
    if (buyers.isError) toast.error(loadFailure(buyers.error));
  }, [buyers.isError, buyers.error]);

  const decide = () => {
    if (!pending) return;
    const decision: BuyRequestDecision = { buyerId: pending.buyer._id, productId: product._id, sellerId: product.seller._id };
    (pending.kind === 'accept' ? accept : reject).mutate(decision);
  };

  const name = pending ? nameOf(pending.buyer) : '';
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={m.interestedTitle} description={product.title} className="max-w-xl">
        <div className="-mx-2 max-h-[60vh] overflow-y-auto px-2" tabIndex={0} aria-label="Buy requests">
          {buyers.isPending ? (
            <div role="status" className="flex flex-col items-center gap-2 py-10 text-slate-700">
              <Spinner className="h-8 w-8 text-brand-600" />
              <span className="text-sm">{productMessages.loading}</span>
            </div>
          ) : buyers.isError ? (
            <p role="alert" className="py-8 text-center text-sm font-medium text-red-800">
              {m.loadBuyersFailed}
            </p>
          ) : buyers.data.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-700">{m.noInterestedBuyers}</p>
          ) : (
            <ul className="space-y-3">
              {buyers.data.map((entry) => (
                <BuyerEntry
                  key={entry.buyer._id}
                  entry={entry}
                  busy={accept.isPending || reject.isPending}
                  onAccept={() => setPending({ kind: 'accept', buyer: entry.buyer })}
                  onReject={() => setPending({ kind: 'reject', buyer: entry.buyer })}
                  onCounter={() => setCountering({ buyerId: entry.buyer._id, current: entry.offer?.amount ?? product.price })}
                />
              ))}
            </ul>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => !next && setPending(null)}
        title={pending?.kind === 'accept' ? m.acceptConfirmTitle(name) : m.rejectConfirmTitle(name)}
        description={pending?.kind === 'accept' ? m.acceptConfirm(name) : m.rejectConfirm(name)}
        confirmLabel={pending?.kind === 'accept' ? m.acceptButton : m.rejectButton}
        tone={pending?.kind === 'accept' ? 'primary' : 'danger'}
        busy={accept.isPending || reject.isPending}
        onConfirm={decide}
      />
      {countering && (
        <CounterDialog
          productId={product._id}
          buyerId={countering.buyerId}
          current={countering.current}
          open
          onOpenChange={(next) => !next && setCountering(null)}
        />
      )}
    </>
  );
}

function BuyerEntry({
  entry,
  busy,
  onAccept,
  onReject,
  onCounter,
}: {
  entry: InterestedBuyer;
  busy: boolean;
  onAccept: () => void;
  onReject: () => void;
  onCounter: () => void;
}) {
  const { buyer, offer } = entry;
  const name = nameOf(buyer);
  // The seller's own counter waits for the buyer: nothing to accept or counter until they answer.
  const awaitingBuyer = offer?.by === 'seller';
  return (
    <li className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{name}</p>
        <p className="text-xs text-slate-600">{formatLongDate(entry.createdAt)}</p>
      </div>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        <li className="flex items-center gap-2">
          <Mail className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
          <span className="sr-only">E-mail: </span>
          <a href={`mailto:${buyer.email}`} className={link}>
            {buyer.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Phone className="h-4 w-4 shrink-0 text-slate-600" aria-hidden="true" />
          <span className="sr-only">Phone: </span>
          {buyer.phoneNumber ? (
            <a href={phoneHref(buyer.phoneNumber)} className={link}>{`+91 ${buyer.phoneNumber}`}</a>
          ) : (
            productMessages.notAvailable
          )}
        </li>
      </ul>
      <p data-offer-by={offer?.by} className="mt-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <HandCoins className="h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        {offer ? (awaitingBuyer ? om.counterFromSeller(offer.amount) : om.offerFromBuyer(offer.amount)) : om.atAskingPrice}
      </p>
      {offer && <p className="text-xs text-slate-600">{om.expiresAt(formatLongDate(offer.expiresAt))}</p>}
      <blockquote className="mt-3 rounded-lg bg-white p-3 text-sm whitespace-pre-line text-slate-800 ring-1 ring-slate-200 [overflow-wrap:anywhere]">
        <span className="sr-only">Message: </span>
        {entry.buyerMessage}
      </blockquote>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onAccept} disabled={busy || awaitingBuyer} aria-label={`${m.acceptButton} ${name}'s request`}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {m.acceptButton}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onReject}
          disabled={busy}
          aria-label={`${m.rejectButton} ${name}'s request`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          {m.rejectButton}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onCounter}
          disabled={busy || awaitingBuyer}
          aria-label={`${om.counterButton} ${name}'s ${offer ? 'offer' : 'request'}`}
        >
          <HandCoins className="h-4 w-4" aria-hidden="true" />
          {om.counterButton}
        </Button>
      </div>
    </li>
  );
}
