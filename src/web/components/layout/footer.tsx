import { AtSign, Briefcase, Camera, Mail, MessageCircle, Users } from 'lucide-react';
import { Link } from 'react-router';
import { shellMessages } from '#domain/shell.messages.ts';
import { siteMessages } from '#domain/site.messages.ts';
import { useSiteFacts } from '#web/api/site.ts';
import { paths } from '#web/config/paths.ts';

/** Where the phone's bottom bar has no room for them, these are a tap away here too (issue 22). */
const QUICK_LINKS = [
  { label: 'Home', to: paths.shop.home },
  { label: 'Products', to: paths.shop.products },
  { label: shellMessages.myListings, to: paths.shop.listings },
  { label: shellMessages.about, to: paths.shop.about },
];

/** Placeholder targets for the four networks (spec 1); labels name them for screen readers. */
const SOCIAL_LINKS = [
  { label: 'Instagram', icon: Camera },
  { label: 'X (Twitter)', icon: AtSign },
  { label: 'LinkedIn', icon: Briefcase },
  { label: 'Facebook', icon: Users },
];

function digitsOf(phone: string) {
  return phone.replace(/\D/g, '');
}

export function Footer() {
  const { data: site } = useSiteFacts();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3 lg:px-8">
        <div className="space-y-3">
          <p className="text-lg font-bold text-brand-700">Campus Market</p>
          <p className="text-sm text-slate-700">{siteMessages.footerTagline}</p>
          <ul className="flex gap-2" aria-label="Social networks">
            {SOCIAL_LINKS.map(({ label, icon: Icon }) => (
              <li key={label}>
                <a
                  href="#"
                  aria-label={label}
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-100 text-slate-700 hover:bg-brand-100 hover:text-brand-700"
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">{shellMessages.quickLinks}</h2>
          <nav aria-label={shellMessages.quickLinks}>
            <ul className="mt-3 space-y-2 text-sm text-slate-700">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-brand-700 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900">Contact</h2>
          {site && (
            <ul className="mt-3 space-y-2 text-sm text-slate-700">
              <li>
                <a href={`mailto:${site.contactEmail}`} className="inline-flex items-center gap-2 hover:text-brand-700">
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {site.contactEmail}
                </a>
              </li>
              <li>
                <a
                  href={`https://wa.me/${digitsOf(site.contactPhone)}`}
                  className="inline-flex items-center gap-2 hover:text-brand-700"
                >
                  <MessageCircle className="h-4 w-4" aria-hidden="true" />
                  {site.contactPhone}
                </a>
              </li>
            </ul>
          )}
        </div>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} Campus Market
      </p>
    </footer>
  );
}
