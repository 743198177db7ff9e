import ArrowRight from "lucide-react/icons/arrow-right";
import Building2 from "lucide-react/icons/building-complex";
import House from "lucide-react/icons/house";
import KeyRound from "lucide-react/icons/key-round";
import Tag from "lucide-react/icons/tag";
import Users from "lucide-react/icons/users";
import type { LucideIcon } from "lucide-react";
import { Link } from "@/components/ui/Link";
import { PageHero } from "@/components/ui/PageHero";
import { StructuredData } from "@/components/ui/StructuredData";
import { breadcrumbData } from "@/lib/structured-data";
import { usePageMeta } from "@/lib/page-meta";
import { useSite } from "@/lib/site";
import type { Market } from "./markets";

const MARKETS: { market: Market; title: string; icon: LucideIcon; blurb: string; links: { label: string; path: string; icon: LucideIcon }[] }[] = [
  {
    market: "residential",
    title: "Residential",
    icon: House,
    blurb: "Family homes, townhomes, acreage and new construction, with local agents who know every neighborhood.",
    links: [
      { label: "Homes for Sale", path: "for-sale", icon: Tag },
      { label: "Homes for Lease", path: "for-lease", icon: KeyRound },
      { label: "Residential Agents", path: "agents", icon: Users },
    ],
  },
  {
    market: "commercial",
    title: "Commercial",
    icon: Building2,
    blurb: "Storefronts, offices, restaurant spaces and land along the downtown corridor and highway frontage.",
    links: [
      { label: "Commercial Properties for Sale", path: "for-sale", icon: Tag },
      { label: "Commercial Space for Lease", path: "for-lease", icon: KeyRound },
      { label: "Commercial Agents", path: "agents", icon: Users },
    ],
  },
];

export function RealEstateHubPage() {
  const site = useSite();
  usePageMeta({
    title: `Real Estate | ${site.communityName}, ${site.state}`,
    description: `Residential and commercial real estate in ${site.communityName}, ${site.state}: homes, commercial space and local agents.`,
  });
  return (
    <>
      <StructuredData data={breadcrumbData(site, [{ name: "Home", path: "/" }, { name: "Real Estate", path: "/real-estate" }])} />
      <PageHero
        title="Real Estate"
        subtitle={`Find your place in ${site.communityName}: homes, commercial space and the local agents who can help.`}
        image="/images/hero/real-estate.svg"
      />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <ul className="grid gap-8 md:grid-cols-2">
          {MARKETS.map(({ market, title, icon: Icon, blurb, links }) => (
            <li key={market} className="flex flex-col rounded-2xl border border-forest/10 bg-white p-8 shadow-sm">
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-sand text-forest">
                <Icon aria-hidden className="h-7 w-7" />
              </span>
              <h2 className="mt-4 font-serif text-3xl font-bold text-forest">{title}</h2>
              <p className="mt-2 text-charcoal/75">{blurb}</p>
              <ul className="mt-6 space-y-2">
                {links.map((link) => (
                  <li key={link.path}>
                    <Link
                      to={`/real-estate/${market}/${link.path}`}
                      className="group flex items-center gap-3 rounded-lg border border-forest/10 px-4 py-3 font-medium text-forest transition-colors hover:border-forest/30 hover:bg-sand"
                    >
                      <link.icon aria-hidden className="h-5 w-5 text-terracotta" />
                      <span className="flex-1">{link.label}</span>
                      <ArrowRight aria-hidden className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <section className="mt-12 flex flex-col items-start gap-6 rounded-2xl bg-forest p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-serif text-2xl font-bold">Looking to List Your Property?</h2>
            <p className="mt-2 max-w-2xl text-white/80">
              Property listings are on their way. Get your business listed in the directory today and be ready when they launch.
            </p>
          </div>
          <Link to="/get-listed" className="btn-primary shrink-0">
            Coming Soon
          </Link>
        </section>
      </div>
    </>
  );
}
