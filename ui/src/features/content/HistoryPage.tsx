import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "@/components/ui/Link";
import { PageHero } from "@/components/ui/PageHero";
import { usePageMeta } from "@/lib/page-meta";
import { bannersQuery } from "@/lib/queries";
import { useSite, withCommunity } from "@/lib/site";
import { HISTORY_INTRO, HISTORY_SECTIONS } from "./history-content";

const QUICK_FACTS = [
  { label: "Founded", value: "1922" },
  { label: "Population", qualifier: "about", value: "8,500" },
  { label: "Area", value: "2.2 sq miles" },
  { label: "Median home", value: "$747,600" },
];

function QuickFacts() {
  return (
    <section aria-labelledby="quick-facts" className="rounded-xl border border-forest/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="quick-facts" className="font-serif text-2xl font-bold text-forest">
        Quick Facts
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {QUICK_FACTS.map((fact) => (
          <div key={fact.label} className="rounded-lg bg-sand/60 px-4 py-3">
            <dt className="text-xs font-semibold uppercase tracking-wider text-charcoal/70">{fact.label}</dt>
            <dd className="mt-1 font-serif text-2xl font-bold text-forest">
              {fact.qualifier && <span className="font-sans text-sm font-medium text-charcoal/70">{fact.qualifier} </span>}
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Contents() {
  const site = useSite();
  return (
    <nav aria-labelledby="history-contents" className="hidden rounded-xl border border-forest/10 bg-white p-5 shadow-sm lg:block">
      <h2 id="history-contents" className="text-xs font-semibold uppercase tracking-wider text-charcoal/70">
        In this history
      </h2>
      <ol className="mt-3 space-y-1.5 text-sm">
        {HISTORY_SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`} className="text-forest hover:text-terracotta hover:underline">
              {withCommunity(section.heading, site)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function RememberWhenCard() {
  return (
    <Link
      to="/remember-when"
      className="group block overflow-hidden rounded-xl border border-forest/10 bg-white shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest"
    >
      <img src="/images/remember-when/photo-1.svg" alt="" width={800} height={600} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover sepia-[.3]" />
      <span className="flex items-center justify-between gap-3 p-5 font-serif text-lg font-semibold leading-snug text-forest">
        Remember When? and Gone But Not Forgotten
        <ArrowRight aria-hidden className="h-5 w-5 shrink-0 text-terracotta transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}

/** The Historical Society's banner (placement "history"); nothing shows while there is none. */
function SponsorBanner() {
  const { data } = useQuery(bannersQuery());
  const banner = data?.find((candidate) => candidate.placement === "history");
  if (!banner) return null;
  const image = <img src={banner.imageUrl} alt={banner.altText} width={728} height={90} loading="lazy" decoding="async" className="h-auto w-full rounded-lg shadow-sm" />;
  const className = "block rounded-lg transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest";
  return (
    <aside aria-label="Sponsor" className="mt-12 max-w-[728px]">
      <p className="mb-1 text-[11px] font-medium uppercase tracking-widest text-charcoal/70">Sponsor</p>
      {banner.linkUrl.startsWith("/") ? (
        <Link to={banner.linkUrl} className={className}>
          {image}
        </Link>
      ) : (
        <a href={banner.linkUrl} target="_blank" rel="noopener noreferrer sponsored" className={className}>
          {image}
        </a>
      )}
    </aside>
  );
}

export function HistoryPage() {
  const site = useSite();
  usePageMeta({
    title: `History of ${site.communityName}, ${site.state}`,
    description: `How ${site.communityName} grew from a 1922 railroad townsite into the town it is today: ranchers and cedar choppers, the depot, the school and the lake.`,
  });

  return (
    <>
      <PageHero title={`The History of ${site.communityName}`} subtitle="A railroad town since 1922." image="/images/hero/history.svg" />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
        <QuickFacts />
        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
          <article className="min-w-0 max-w-3xl">
            <p className="font-serif text-xl leading-relaxed text-charcoal sm:text-2xl">{withCommunity(HISTORY_INTRO, site)}</p>
            {HISTORY_SECTIONS.map((section) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`} className="mt-10 font-serif text-2xl font-bold text-forest sm:text-3xl">
                  {withCommunity(section.heading, site)}
                </h2>
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index} className="mt-4 text-[17px] leading-8 text-charcoal/85">
                    {withCommunity(paragraph, site)}
                  </p>
                ))}
              </section>
            ))}
            <SponsorBanner />
          </article>
          <aside aria-label="More history" className="space-y-6 lg:sticky lg:top-24 lg:self-start">
            <Contents />
            <RememberWhenCard />
          </aside>
        </div>
      </div>
    </>
  );
}
