import { Mail, MessageCircle, Phone } from 'lucide-react';
import { phoneHref, whatsappHref } from '#domain/contact.ts';
import type { SellerContact as Contact } from '#domain/buy-requests/buy-request.wire.ts';
import { productMessages } from '#domain/products/product.messages.ts';

const link = 'font-medium text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]';

/** How to reach the seller once they accepted: e-mail, phone (+91) and WhatsApp. */
export function SellerContact({ seller, title }: { seller: Contact; title: string }) {
  const phone = seller.phoneNumber;
  return (
    <ul className="space-y-1.5 text-sm text-slate-800" aria-label={`How to reach ${seller.userName}`}>
      <li className="font-semibold text-slate-900">{seller.userName}</li>
      <li className="flex items-center gap-2">
        <Mail className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <a href={`mailto:${seller.email}`} className={link}>
          {seller.email}
        </a>
      </li>
      <li className="flex items-center gap-2">
        <Phone className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
        {phone ? <a href={phoneHref(phone)} className={link}>{`+91 ${phone}`}</a> : <span>{productMessages.notAvailable}</span>}
      </li>
      {phone && (
        <li className="flex items-center gap-2">
          <MessageCircle className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
          <a
            href={whatsappHref(phone, `Hi! You accepted my buy request for "${title}" on Campus Market.`)}
            target="_blank"
            rel="noreferrer"
            className={link}
          >
            Chat on WhatsApp
          </a>
        </li>
      )}
    </ul>
  );
}
