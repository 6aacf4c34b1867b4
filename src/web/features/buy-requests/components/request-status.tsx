import type { BuyRequestStatus } from '#domain/buy-requests/buy-request.schemas.ts';
import type { MyBuyRequest } from '#domain/buy-requests/buy-request.wire.ts';
import { offerMessages as om } from '#domain/buy-requests/offer.messages.ts';
import { buyRequestMessages as m } from '#domain/buy-requests/buy-request.messages.ts';
import { cn } from '#web/lib/cn.ts';
import { formatLongDate } from '#web/lib/format-date.ts';
import { formatPrice } from '#domain/products/pricing.ts';
import { BuyerOfferActions } from './offer-status.tsx';
import { SellerContact } from './seller-contact.tsx';

const STATUS: Record<BuyRequestStatus, { label: string; hint: string; badge: string }> = {
  active: { label: m.statusActive, hint: m.statusActiveHint, badge: 'bg-amber-100 text-amber-900 ring-amber-300' },
  accepted: { label: m.statusAccepted, hint: m.statusAcceptedHint, badge: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  rejected: { label: m.statusRejected, hint: m.statusRejectedHint, badge: 'bg-red-100 text-red-900 ring-red-300' },
  closed: { label: m.statusClosed, hint: m.statusClosedHint, badge: 'bg-slate-200 text-slate-800 ring-slate-300' },
  withdrawn: { label: om.statusWithdrawn, hint: om.statusWithdrawnHint, badge: 'bg-slate-200 text-slate-800 ring-slate-300' },
  expired: { label: om.statusExpired, hint: om.statusExpiredHint, badge: 'bg-slate-200 text-slate-800 ring-slate-300' },
};

export function RequestStatusBadge({ status, className }: { status: BuyRequestStatus; className?: string }) {
  return (
    <span
      data-request-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        STATUS[status].badge,
        className,
      )}
    >
      {STATUS[status].label}
    </span>
  );
}

/** A listing the buyer asked for whose status is not known (yet): the request itself is. */
export function RequestedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
      {m.statusRequested}
    </span>
  );
}

/**
 * What became of the buyer's request (beyond the spec): pending, accepted with the seller's
 * contact, rejected, or closed because another buyer got it. `compact` fits under a card.
 */
export function RequestStatus({ request, title, compact = false }: { request: MyBuyRequest; title: string; compact?: boolean }) {
  const { status } = request;
  const contact = status === 'accepted' && request.seller ? <SellerContact seller={request.seller} title={title} /> : null;
  const offer =
    status === 'active' && request.offer ? <BuyerOfferActions productId={request.productId} offer={request.offer} /> : null;
  const soldFor =
    status === 'accepted' && request.soldPrice !== undefined ? (
      <p className="text-sm font-semibold text-emerald-900">{om.soldFor(formatPrice(request.soldPrice))}</p>
    ) : null;
  if (compact) {
    return (
      <div className="space-y-2">
        <RequestStatusBadge status={status} />
        {offer}
        {soldFor}
        {contact}
      </div>
    );
  }
  const when = formatLongDate(request.decidedAt ?? request.updatedAt);
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <RequestStatusBadge status={status} />
        {when && <span className="text-xs text-slate-600">{when}</span>}
      </div>
      <p className="text-sm text-slate-700">{STATUS[status].hint}</p>
      {offer}
      {soldFor}
      {contact && <div className="rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">{contact}</div>}
      <blockquote className="border-l-4 border-brand-200 pl-3 text-sm whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">
        <span className="sr-only">Your message: </span>
        {request.buyerMessage}
      </blockquote>
    </div>
  );
}
