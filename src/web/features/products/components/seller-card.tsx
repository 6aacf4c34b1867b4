import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_AVATAR_PATH } from '#domain/constants.ts';
import { phoneHref, productEnquiryMessage, whatsappHref } from '#domain/contact.ts';
import { productMessages } from '#domain/products/product.messages.ts';
import type { Product } from '#domain/products/product.wire.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { paths } from '#web/config/paths.ts';
import { RatingSummary } from '#web/features/reviews/components/rating-summary.tsx';

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <span className="sr-only">{label}: </span>
      <span className="min-w-0 break-words text-sm text-slate-800">{children}</span>
    </li>
  );
}

const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** Who sells it and how to reach them: e-mail, phone (+91), WhatsApp with a prefilled message. */
export function SellerCard({ product }: { product: Product }) {
  const { seller } = product;
  const phone = seller.phoneNumber;
  return (
    <section aria-labelledby="seller-heading" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id="seller-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Seller
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <img
          src={seller.profilePicture.url || DEFAULT_AVATAR_PATH}
          alt=""
          // The product's photo comes first on a slow connection; the seller's face can wait.
          fetchPriority="low"
          width={48}
          height={48}
          className="h-12 w-12 rounded-full object-cover ring-2 ring-brand-100"
        />
        <div className="min-w-0">
          <p className="break-words text-base font-semibold text-slate-900">{seller.userName}</p>
          {/* The listing's rating is its seller's (issue 23). */}
          <RatingSummary rating={product.rating} numReviews={product.numReviews} />
        </div>
      </div>
      <ul className="mt-4 space-y-2">
        <ContactRow icon={<Mail className="h-4 w-4" aria-hidden="true" />} label="E-mail">
          {seller.email ? (
            <a href={`mailto:${seller.email}`} className={link}>
              {seller.email}
            </a>
          ) : (
            productMessages.notAvailable
          )}
        </ContactRow>
        <ContactRow icon={<Phone className="h-4 w-4" aria-hidden="true" />} label="Phone">
          {phone ? (
            <a href={phoneHref(phone)} className={link}>
              {`+91 ${phone}`}
            </a>
          ) : (
            productMessages.notAvailable
          )}
        </ContactRow>
        <ContactRow icon={<MessageCircle className="h-4 w-4" aria-hidden="true" />} label="WhatsApp">
          {phone ? (
            <a href={whatsappHref(phone, productEnquiryMessage(product.title))} target="_blank" rel="noreferrer" className={link}>
              Chat on WhatsApp
            </a>
          ) : (
            productMessages.notAvailable
          )}
        </ContactRow>
      </ul>
      <Link to={paths.user.profile(seller._id)} className={`${buttonClasses('secondary', 'sm')} mt-4 w-full`}>
        View Profile
      </Link>
    </section>
  );
}
