import ArrowLeft from "lucide-react/icons/arrow-left";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import Mail from "lucide-react/icons/mail";
import Users from "lucide-react/icons/users";
import { useLocation, useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/NotFoundPage";
import { Link } from "@/components/ui/Link";
import { usePageMeta } from "@/lib/page-meta";
import { useSite } from "@/lib/site";
import { Breadcrumbs } from "./Breadcrumbs";
import { MARKET_LABELS, parseMarket, type Market } from "./markets";

type Listing = "for-sale" | "for-lease";

const TITLES: Record<Market, Record<Listing, string>> = {
  residential: { "for-sale": "Homes for Sale", "for-lease": "Homes for Lease" },
  commercial: { "for-sale": "Commercial Properties for Sale", "for-lease": "Commercial Space for Lease" },
};

const PLANNED_FEATURES: Record<Listing, string[]> = {
  "for-sale": [
    "Search by price, bedrooms, bathrooms and lot size",
    "Photo galleries and virtual tours",
    "Interactive map of available properties",
    "Open house dates and times",
    "Saved searches and new-listing alerts",
    "Direct contact with the listing agent",
  ],
  "for-lease": [
    "Search by monthly rent, size and move-in date",
    "Photo galleries and floor plans",
    "Interactive map of available rentals",
    "Lease terms and pet policies at a glance",
    "New-rental alerts by e-mail",
    "Direct contact with the leasing agent",
  ],
};

export function PropertyListingsPage() {
  const market = parseMarket(useParams().market);
  // Both listing routes render this page; the path tells them apart.
  const listing: Listing = useLocation().pathname.endsWith("/for-lease") ? "for-lease" : "for-sale";
  return market ? <Listings market={market} listing={listing} /> : <NotFoundPage />;
}

function Listings({ market, listing }: { market: Market; listing: Listing }) {
  const site = useSite();
  const title = TITLES[market][listing];
  usePageMeta({
    title: `${title} | ${site.communityName} Real Estate`,
    description: `${title} in ${site.communityName}, ${site.state}. Listings are coming soon.`,
  });

  const agentsPath = `/real-estate/${market}/agents`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Breadcrumbs
        crumbs={[
          { name: "Home", path: "/" },
          { name: "Real Estate", path: "/real-estate" },
          { name: title, path: `/real-estate/${market}/${listing}` },
        ]}
      />
      <Link to="/real-estate" className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-forest hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Real Estate
      </Link>
      <h1 className="mt-4 font-serif text-4xl font-bold text-forest">{title}</h1>

      <section className="mt-8 rounded-2xl border border-forest/10 bg-white p-8 text-center shadow-sm">
        <Clock aria-hidden className="mx-auto h-12 w-12 text-terracotta" />
        <h2 className="mt-4 font-serif text-2xl font-bold text-forest">Listings Coming Soon</h2>
        <p className="mx-auto mt-2 max-w-xl text-charcoal/75">
          We're building a home for {MARKET_LABELS[market].toLowerCase()} property listings in {site.communityName}. Until they arrive,
          our local agents can tell you what's available today.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={agentsPath} className="btn-primary">
            <Users aria-hidden className="h-4 w-4" />
            Find an Agent
          </Link>
          <Link to="/contact" className="btn-secondary">
            <Mail aria-hidden className="h-4 w-4" />
            Contact Us
          </Link>
        </div>
      </section>

      <section className="mt-8 rounded-2xl bg-sand/60 p-8">
        <h2 className="font-serif text-xl font-bold text-forest">What's Planned</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {PLANNED_FEATURES[listing].map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-charcoal/85">
              <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-forest" />
              {feature}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
