import { useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import Globe from "lucide-react/icons/globe";
import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import UserRound from "lucide-react/icons/user-round";
import Users from "lucide-react/icons/users";
import { useParams } from "react-router";
import { NotFoundPage } from "@/components/layout/NotFoundPage";
import { Link } from "@/components/ui/Link";
import { FeaturedBadge, VerifiedBadge } from "@/components/ui/Badge";
import { telHref } from "@/components/ui/business-format";
import { PageHero } from "@/components/ui/PageHero";
import { Skeleton } from "@/components/ui/Skeleton";
import { usePageMeta } from "@/lib/page-meta";
import { businessesQuery } from "@/lib/queries";
import { useSite, withCommunity } from "@/lib/site";
import type { Business } from "@/lib/types";
import { Breadcrumbs } from "./Breadcrumbs";
import { agentsIn, parseMarket, type Market } from "./markets";

const SKELETON_COUNT = 3;

const TITLES: Record<Market, string> = {
  residential: "Residential Real Estate Agents",
  commercial: "Commercial Real Estate Specialists",
};

function AgentCard({ agent, market }: { agent: Business; market: Market }) {
  const site = useSite();
  const showVerified = market === "residential";
  return (
    <article className="flex h-full flex-col rounded-xl border border-forest/10 bg-white p-6 shadow-sm">
      {/* The spec shows the Verified badge on residential agent cards only. */}
      {(agent.featured || (showVerified && agent.verified)) && (
        <div className="mb-3 flex flex-wrap gap-2">
          {agent.featured && <FeaturedBadge />}
          {showVerified && agent.verified && <VerifiedBadge />}
        </div>
      )}
      <h2 className="font-serif text-xl font-bold text-forest">{agent.name}</h2>
      {agent.description && <p className="mt-2 text-sm leading-relaxed text-charcoal/75">{withCommunity(agent.description, site)}</p>}
      <ul className="mt-4 space-y-1.5 text-sm">
        {agent.phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden className="h-4 w-4 text-forest" />
            <a href={telHref(agent.phone)} className="hover:underline">{agent.phone}</a>
          </li>
        )}
        {agent.email && (
          <li className="flex items-center gap-2 break-all">
            <Mail aria-hidden className="h-4 w-4 shrink-0 text-forest" />
            <a href={`mailto:${agent.email}`} className="hover:underline">{agent.email}</a>
          </li>
        )}
      </ul>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-5">
        <Link to={`/agent/${agent.slug}`} className="btn-primary col-span-2">
          <UserRound aria-hidden className="h-4 w-4" />
          View Profile
        </Link>
        {agent.phone && (
          <a href={telHref(agent.phone)} className="btn-secondary px-3">
            <Phone aria-hidden className="h-4 w-4" />
            Call Now
          </a>
        )}
        {agent.website && (
          <a href={agent.website} target="_blank" rel="noopener noreferrer" className="btn-secondary px-3">
            <Globe aria-hidden className="h-4 w-4" />
            Website
          </a>
        )}
      </div>
    </article>
  );
}

function NoAgents({ market }: { market: Market }) {
  return (
    <div className="rounded-xl border border-dashed border-forest/20 bg-white px-6 py-16 text-center">
      {market === "residential" ? (
        <>
          <Users aria-hidden className="mx-auto h-12 w-12 text-forest/40" />
          <h2 className="mt-4 font-serif text-2xl font-semibold text-forest">No Agents Found</h2>
          <p className="mt-2 text-charcoal/70">
            Looking for help buying or selling? <Link to="/contact" className="font-semibold text-terracotta underline underline-offset-2">Contact us</Link> and we'll connect you with a local agent.
          </p>
        </>
      ) : (
        <>
          <Building2 aria-hidden className="mx-auto h-12 w-12 text-forest/40" />
          <h2 className="mt-4 font-serif text-2xl font-semibold text-forest">Commercial Specialists Coming Soon</h2>
          <p className="mt-2 text-charcoal/70">We're adding commercial real estate professionals to the directory.</p>
        </>
      )}
    </div>
  );
}

function AgentList({ market }: { market: Market }) {
  const { data, isPending, isError } = useQuery(businessesQuery());
  if (isPending) {
    return (
      <ul aria-busy className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <li key={index}>
            <Skeleton className="h-72 rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) return <p className="rounded-xl bg-white p-6 text-charcoal/70">Agents could not be loaded right now. Please try again later.</p>;
  const agents = agentsIn(data ?? [], market);
  if (agents.length === 0) return <NoAgents market={market} />;
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {agents.map((agent) => (
        <li key={agent.id}>
          <AgentCard agent={agent} market={market} />
        </li>
      ))}
    </ul>
  );
}

export function AgentsPage() {
  const market = parseMarket(useParams().market);
  return market ? <MarketAgents market={market} /> : <NotFoundPage />;
}

function MarketAgents({ market }: { market: Market }) {
  const site = useSite();
  usePageMeta({
    title: `${TITLES[market]} | ${site.communityName}, ${site.state}`,
    description: `Local ${market} real estate agents serving ${site.communityName}, ${site.state}.`,
  });
  return (
    <>
      <PageHero
        title={TITLES[market]}
        subtitle={`Work with professionals who know ${site.communityName} street by street.`}
        image="/images/hero/real-estate.svg"
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <Breadcrumbs
          crumbs={[
            { name: "Home", path: "/" },
            { name: "Real Estate", path: "/real-estate" },
            { name: TITLES[market], path: `/real-estate/${market}/agents` },
          ]}
        />
        <div className="mt-8">
          <AgentList market={market} />
        </div>
        <section className="mt-12 flex flex-col items-start gap-6 rounded-2xl bg-forest p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="font-serif text-2xl font-bold">Are You a Real Estate Professional?</h2>
            <p className="mt-2 text-white/80">List your brokerage in the directory and reach buyers and sellers in {site.communityName}.</p>
          </div>
          <Link to="/get-listed" className="btn-primary shrink-0">
            Get Listed
          </Link>
        </section>
      </div>
    </>
  );
}
