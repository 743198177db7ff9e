import { useQuery } from "@tanstack/react-query";
import CheckCircle2 from "lucide-react/icons/circle-check";
import ExternalLink from "lucide-react/icons/external-link";
import Globe from "lucide-react/icons/globe";
import House from "lucide-react/icons/house";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import UserRound from "lucide-react/icons/user-round";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { Link } from "@/components/ui/Link";
import { FeaturedBadge, VerifiedBadge } from "@/components/ui/Badge";
import { displayAddress, telHref } from "@/components/ui/business-format";
import { BusinessPicture } from "@/components/ui/BusinessPicture";
import { GoBackLink, NotFoundState } from "@/components/ui/NotFoundState";
import { Skeleton } from "@/components/ui/Skeleton";
import { StructuredData } from "@/components/ui/StructuredData";
import { usePageMeta } from "@/lib/page-meta";
import { businessData } from "@/lib/structured-data";
import { businessQuery } from "@/lib/queries";
import { useSite, withCommunity } from "@/lib/site";
import type { Business } from "@/lib/types";
import { Breadcrumbs } from "./Breadcrumbs";
import { splitAgentName } from "./markets";

const EXPERTISE_AREAS = ["Historic Downtown", "Lakeside", "Oak Hills", "Riverside", "Country Club Estates", "Ranch Road Acreage"];

const SERVICES = [
  "Buyer Representation",
  "Listing & Marketing",
  "Comparative Market Analysis",
  "First-Time Home Buyers",
  "Relocation Assistance",
  "Acreage & Rural Properties",
  "Investment Properties",
  "Negotiation & Closing Support",
];

const QUICK_LINKS = [
  { label: "Texas Real Estate Commission", href: "https://www.trec.texas.gov/" },
  { label: "Information About Brokerage Services", href: "https://www.trec.texas.gov/forms/information-about-brokerage-services" },
  { label: "Consumer Protection Notice", href: "https://www.trec.texas.gov/forms/consumer-protection-notice" },
  { label: "Texas REALTORS®", href: "https://www.texasrealestate.com/" },
];

const cardClass = "rounded-xl border border-forest/10 bg-white p-6 shadow-sm";

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={cardClass}>
      <h2 className="mb-4 font-serif text-xl font-bold text-forest">{title}</h2>
      {children}
    </section>
  );
}

function CheckList({ items, columns }: { items: string[]; columns: string }) {
  return (
    <ul className={`grid gap-3 ${columns}`}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-charcoal/85">
          <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-forest" />
          {item}
        </li>
      ))}
    </ul>
  );
}

function AgentHero({ agent }: { agent: Business }) {
  const site = useSite();
  const { agent: name, brokerage } = splitAgentName(agent.name);
  return (
    <section className="bg-forest text-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 md:flex-row md:items-center">
        <div className="h-40 w-40 shrink-0 overflow-hidden rounded-2xl border-4 border-white/20 bg-white">
          <BusinessPicture
            business={agent}
            width={160}
            height={160}
            loading="eager"
            logoPadding="p-3"
            icon={<UserRound aria-hidden className="h-16 w-16" />}
          />
        </div>
        <div>
          <div className="flex flex-wrap gap-2">
            {agent.featured && <FeaturedBadge>Featured Agent</FeaturedBadge>}
            {agent.verified && <VerifiedBadge onDark />}
          </div>
          <h1 className="mt-3 font-serif text-4xl font-bold sm:text-5xl">{name}</h1>
          {brokerage && <p className="mt-1 text-lg text-white/80">{brokerage}</p>}
          {agent.description && <p className="mt-4 max-w-3xl text-white/90">{withCommunity(agent.description, site)}</p>}
          <div className="mt-6 flex flex-wrap gap-3">
            {agent.phone && (
              <a href={telHref(agent.phone)} className="btn-primary">
                <Phone aria-hidden className="h-4 w-4" />
                Call Now
              </a>
            )}
            {agent.email && (
              <a href={`mailto:${agent.email}`} className="btn-secondary">
                <Mail aria-hidden className="h-4 w-4" />
                Send Email
              </a>
            )}
            <Link to="/real-estate/residential/for-sale" className="btn-secondary">
              <House aria-hidden className="h-4 w-4" />
              View Properties
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function ContactCard({ agent }: { agent: Business }) {
  const site = useSite();
  const link = "text-forest hover:underline";
  return (
    <Card title="Contact Information">
      <ul className="space-y-3 text-sm">
        {agent.phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden className="h-4 w-4 shrink-0 text-forest" />
            <a href={telHref(agent.phone)} className={link}>{agent.phone}</a>
          </li>
        )}
        {agent.email && (
          <li className="flex items-center gap-2 break-all">
            <Mail aria-hidden className="h-4 w-4 shrink-0 text-forest" />
            <a href={`mailto:${agent.email}`} className={link}>{agent.email}</a>
          </li>
        )}
        <li className="flex items-start gap-2">
          <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-forest" />
          {displayAddress(agent, site)}
        </li>
        {agent.website && (
          <li className="flex items-center gap-2 break-all">
            <Globe aria-hidden className="h-4 w-4 shrink-0 text-forest" />
            <a href={agent.website} target="_blank" rel="noopener noreferrer" className={link}>
              {agent.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
            </a>
          </li>
        )}
      </ul>
    </Card>
  );
}

function AgentProfile({ agent }: { agent: Business }) {
  const site = useSite();
  const { agent: name } = splitAgentName(agent.name);
  return (
    <>
      <StructuredData data={businessData(agent, site, `/agent/${agent.slug}`)} />
      <AgentHero agent={agent} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <Breadcrumbs
          crumbs={[
            { name: "Home", path: "/" },
            { name: "Real Estate", path: "/real-estate" },
            { name: "Agents", path: "/real-estate/residential/agents" },
            { name, path: `/agent/${agent.slug}` },
          ]}
        />
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <Card title="Areas of Expertise">
              <CheckList items={EXPERTISE_AREAS} columns="sm:grid-cols-2 lg:grid-cols-3" />
            </Card>
            <Card title="Services">
              <CheckList items={SERVICES} columns="sm:grid-cols-2" />
            </Card>
          </div>
          <aside className="space-y-6">
            <ContactCard agent={agent} />
            <Card title="Quick Links">
              <ul className="space-y-2 text-sm">
                {QUICK_LINKS.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-forest hover:underline">
                      {link.label}
                      <ExternalLink aria-hidden className="h-3.5 w-3.5" />
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          </aside>
        </div>
      </div>
    </>
  );
}

function AgentSkeleton() {
  return (
    <div aria-busy>
      <Skeleton className="h-72 rounded-none" />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

export function AgentPage() {
  const { slug = "" } = useParams();
  const site = useSite();
  const { data: agent, isError } = useQuery(businessQuery(slug));
  const missing = isError || agent === null;
  const name = agent ? splitAgentName(agent.name).agent : "Agent";

  usePageMeta(
    missing
      ? { title: "Agent Not Found", description: "This agent is not in the directory.", status: 404, noindex: true }
      : {
          title: `${name} | ${site.communityName} Real Estate`,
          description: `${name}, real estate agent in ${site.communityName}, ${site.state}.`,
        },
  );

  if (missing) {
    return (
      <NotFoundState title="Agent Not Found">
        <p>The agent you're looking for doesn't exist or may have been removed.</p>
        <GoBackLink fallback="/real-estate/residential/agents" className="btn-primary mt-8" />
      </NotFoundState>
    );
  }
  if (!agent) return <AgentSkeleton />;
  return <AgentProfile agent={agent} />;
}
