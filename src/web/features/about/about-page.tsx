import {
  BadgeCheck,
  Handshake,
  Heart,
  IndianRupee,
  LifeBuoy,
  Mail,
  MapPin,
  MessageSquareText,
  PackagePlus,
  Reply,
  Search,
  School,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { aboutMessages as about } from '#domain/about/about-copy.ts';
import { useSiteFacts } from '#web/api/site.ts';
import { PageTitle } from '#web/components/ui/page-title.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

const STEP_ICONS = [Search, Heart, MessageSquareText, Reply, Handshake, PackagePlus];
const HIGHLIGHT_ICONS = [BadgeCheck, School, IndianRupee, Sparkles];

/** About (spec 1), for the shop and the admin area alike. */
export function AboutPage() {
  const site = useSiteFacts();
  return (
    <div className="mx-auto max-w-5xl space-y-12">
      <header className="space-y-3">
        <PageTitle>{about.title}</PageTitle>
        <CampusMap embedUrl={site.data?.campusMapEmbedUrl ?? null} loading={site.isPending} />
      </header>

      <section aria-labelledby="mission-heading" className="rounded-2xl bg-brand-700 p-6 text-white shadow-sm sm:p-10">
        <h2 id="mission-heading" className="text-sm font-semibold uppercase tracking-widest text-brand-100">
          {about.missionHeading}
        </h2>
        <p className="mt-3 text-base leading-relaxed sm:text-xl">{about.mission}</p>
      </section>

      <section aria-labelledby="steps-heading" className="space-y-5">
        <h2 id="steps-heading" className="text-2xl font-bold text-slate-900">
          {about.stepsHeading}
        </h2>
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
          {about.steps.map((step, index) => {
            const Icon = STEP_ICONS[index] ?? Search;
            return (
              <li key={step.title} className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 2xl:flex-col">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">
                    <span className="mr-1 text-brand-700">{index + 1}.</span>
                    {step.title}
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">{step.text}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="highlights-heading" className="space-y-5">
        <h2 id="highlights-heading" className="text-2xl font-bold text-slate-900">
          {about.highlightsHeading}
        </h2>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {about.highlights.map((highlight, index) => {
            const Icon = HIGHLIGHT_ICONS[index] ?? BadgeCheck;
            return (
              <li key={highlight.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <Icon className="h-7 w-7 text-brand-600" aria-hidden="true" />
                <h3 className="mt-3 font-semibold text-slate-900">{highlight.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{highlight.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="guidelines-heading" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h2 id="guidelines-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <ShieldCheck className="h-6 w-6 text-brand-600" aria-hidden="true" />
            {about.guidelinesHeading}
          </h2>
          <ul className="mt-4 space-y-2.5">
            {about.guidelines.map((rule) => (
              <li key={rule} className="flex gap-2.5 text-sm text-slate-700">
                <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
                {rule}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="support-heading" className="flex flex-col rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <h2 id="support-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <LifeBuoy className="h-6 w-6 text-brand-700" aria-hidden="true" />
            {about.supportHeading}
          </h2>
          <p className="mt-3 text-sm text-slate-700">{about.support}</p>
          {site.data ? (
            <a
              href={`mailto:${site.data.contactEmail}`}
              className="mt-3 inline-flex items-center gap-2 break-all font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
              {site.data.contactEmail}
            </a>
          ) : (
            <Skeleton className="mt-3 h-5 w-56" />
          )}
        </section>
      </div>
    </div>
  );
}

/** The configured map, or a placeholder in its place: never an empty or broken frame. */
function CampusMap({ embedUrl, loading }: { embedUrl: string | null; loading: boolean }) {
  const frame = 'aspect-[16/9] w-full overflow-hidden rounded-2xl ring-1 ring-slate-200 sm:aspect-[21/9]';
  if (loading) return <Skeleton className={frame} />;
  if (embedUrl) {
    return (
      <iframe
        src={embedUrl}
        title={about.mapTitle}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
        className={`${frame} border-0 bg-slate-100`}
      />
    );
  }
  return (
    <div
      className={`${frame} relative flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-brand-50 via-white to-slate-100 p-6 text-center`}
    >
      {/* A faint street grid, so the placeholder reads as a map. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-40 [background-image:linear-gradient(#c7d2fe_1px,transparent_1px),linear-gradient(90deg,#c7d2fe_1px,transparent_1px)] [background-size:32px_32px]"
      />
      <span className="relative flex h-14 w-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-md ring-1 ring-brand-100">
        <MapPin className="h-7 w-7" aria-hidden="true" />
      </span>
      <p className="relative max-w-sm text-sm font-medium text-slate-700">{about.mapPlaceholder}</p>
    </div>
  );
}
