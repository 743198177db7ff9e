import { useQuery } from "@tanstack/react-query";
import ExternalLink from "lucide-react/icons/external-link";
import Flag from "lucide-react/icons/flag";
import Globe from "lucide-react/icons/globe";
import House from "lucide-react/icons/house";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Navigation from "lucide-react/icons/navigation";
import Phone from "lucide-react/icons/phone";
import Share2 from "lucide-react/icons/share-2";
import Store from "lucide-react/icons/store";
import UserRound from "lucide-react/icons/user-round";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { Link } from "@/components/ui/Link";
import { FeaturedBadge, VerifiedBadge } from "@/components/ui/Badge";
import { displayAddress, mapsSearchUrl, telHref } from "@/components/ui/business-format";
import { BusinessPicture } from "@/components/ui/BusinessPicture";
import { useImageFailures } from "@/components/ui/FallbackImage";
import { GoBackLink, NotFoundState } from "@/components/ui/NotFoundState";
import { Skeleton } from "@/components/ui/Skeleton";
import { StructuredData } from "@/components/ui/StructuredData";
import { isFeaturedAgent } from "@/features/real-estate/markets";
import { breadcrumbData, businessData } from "@/lib/structured-data";
import { usePageMeta } from "@/lib/page-meta";
import { businessQuery } from "@/lib/queries";
import { useSite, withCommunity } from "@/lib/site";
import type { Business } from "@/lib/types";

const HERO_HEIGHT = 400;

const cardClass = "rounded-xl border border-forest/10 bg-white p-6 shadow-sm";
const externalLinkProps = { target: "_blank", rel: "noopener noreferrer" } as const;

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={cardClass}>
      <h2 className="mb-4 font-serif text-xl font-bold text-forest">{title}</h2>
      {children}
    </section>
  );
}

function CategoryLine({ business }: { business: Business }) {
  if (!business.categoryName) return null;
  return business.categorySlug ? (
    <Link to={`/category/${business.categorySlug}`} className="font-medium text-terracotta hover:underline">
      {business.categoryName}
    </Link>
  ) : (
    <span className="font-medium text-terracotta">{business.categoryName}</span>
  );
}

function ActionButtons({ business }: { business: Business }) {
  const site = useSite();
  return (
    <div className="mt-6 grid gap-3 sm:flex sm:flex-wrap">
      {business.website && (
        <a href={business.website} {...externalLinkProps} className="btn-primary">
          <Globe aria-hidden className="h-4 w-4" />
          Visit Website
        </a>
      )}
      {business.phone && (
        <a href={telHref(business.phone)} className="btn-secondary">
          <Phone aria-hidden className="h-4 w-4" />
          Call Now
        </a>
      )}
      <a href={mapsSearchUrl(business, site)} {...externalLinkProps} className="btn-secondary">
        <Navigation aria-hidden className="h-4 w-4" />
        Get Directions
      </a>
    </div>
  );
}

/** Featured businesses with a picture: a large image and a header card overlapping it. */
function FeaturedHeader({ business, picture }: { business: Business; picture: string }) {
  const site = useSite();
  const isPhoto = picture === business.imageUrl;
  return (
    <>
      <div className="bg-sand" style={{ height: HERO_HEIGHT }}>
        <img
          src={picture}
          alt={isPhoto ? `Photo of ${business.name}` : `${business.name} logo`}
          width={1600}
          height={HERO_HEIGHT}
          fetchPriority="high"
          className={`h-full w-full ${isPhoto ? "object-cover" : "object-contain p-10"}`}
        />
      </div>
      <div className="mx-auto max-w-7xl px-4">
        <header className={`relative -mt-20 ${cardClass} sm:p-8`}>
          <div className="flex flex-wrap gap-2">
            {business.verified && <VerifiedBadge>Verified Business</VerifiedBadge>}
            <FeaturedBadge>Featured Listing</FeaturedBadge>
          </div>
          <h1 className="mt-3 font-serif text-3xl font-bold text-forest sm:text-4xl">{business.name}</h1>
          <p className="mt-1">
            <CategoryLine business={business} />
          </p>
          <p className="mt-2 flex items-start gap-1.5 text-charcoal/75">
            <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {displayAddress(business, site)}
          </p>
          <ActionButtons business={business} />
        </header>
      </div>
    </>
  );
}

function LogoHeader({ business }: { business: Business }) {
  const site = useSite();
  return (
    <div className="border-b border-forest/10 bg-white">
      <header className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-8 sm:flex-row sm:items-center">
        <div className="h-24 w-24 shrink-0 overflow-hidden rounded-xl border border-forest/10 bg-sand/60">
          <BusinessPicture
            business={business}
            width={96}
            height={96}
            loading="eager"
            logoPadding="p-2"
            icon={<Store aria-hidden className="h-10 w-10" />}
          />
        </div>
        <div>
          {(business.verified || business.featured) && (
            <div className="mb-2 flex flex-wrap gap-2">
              {business.verified && <VerifiedBadge />}
              {business.featured && <FeaturedBadge />}
            </div>
          )}
          <h1 className="font-serif text-3xl font-bold text-forest sm:text-4xl">{business.name}</h1>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-charcoal/75">
            <CategoryLine business={business} />
            <span className="flex items-start gap-1.5">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              {displayAddress(business, site)}
            </span>
          </p>
        </div>
      </header>
    </div>
  );
}

/** Logo and photo; a picture that fails to load is left out, and the card with it when none loads. */
function Photos({ business }: { business: Business }) {
  const { failed, markFailed, checkLoaded } = useImageFailures();
  const photos = [
    business.logoUrl && { src: business.logoUrl, caption: "Business Logo", alt: `${business.name} logo`, fit: "object-contain p-[8%]" },
    business.imageUrl && { src: business.imageUrl, caption: "Business Photo", alt: `Photo of ${business.name}`, fit: "object-cover" },
  ]
    .filter((photo) => !!photo)
    .filter((photo) => !failed.has(photo.src));
  if (photos.length === 0) return null;
  return (
    <Card title="Photos">
      <ul className="grid gap-4 sm:grid-cols-2">
        {photos.map((photo) => (
          <li key={photo.caption}>
            <figure>
              <img
                ref={(image) => checkLoaded(image, photo.src)}
                src={photo.src}
                alt={photo.alt}
                width={800}
                height={500}
                loading="lazy"
                decoding="async"
                onError={() => markFailed(photo.src)}
                className={`aspect-[8/5] w-full rounded-lg border border-forest/10 bg-sand/60 ${photo.fit}`}
              />
              <figcaption className="mt-2 text-center text-sm text-charcoal/70">{photo.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-forest">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-charcoal/70">{label}</p>
        <div className="break-words">{children}</div>
      </div>
    </li>
  );
}

function ContactCard({ business }: { business: Business }) {
  const site = useSite();
  const link = "text-forest hover:underline";
  return (
    <Card title="Contact Information">
      <ul className="space-y-4 text-sm">
        {business.phone && (
          <ContactRow icon={<Phone aria-hidden className="h-4 w-4" />} label="Phone">
            <a href={telHref(business.phone)} className={link}>{business.phone}</a>
          </ContactRow>
        )}
        {business.email && (
          <ContactRow icon={<Mail aria-hidden className="h-4 w-4" />} label="Email">
            <a href={`mailto:${business.email}`} className={link}>{business.email}</a>
          </ContactRow>
        )}
        {business.website && (
          <ContactRow icon={<Globe aria-hidden className="h-4 w-4" />} label="Website">
            <a href={business.website} {...externalLinkProps} className={link}>
              {business.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
            </a>
          </ContactRow>
        )}
        <ContactRow icon={<MapPin aria-hidden className="h-4 w-4" />} label="Address">
          <p>{displayAddress(business, site)}</p>
          <a href={mapsSearchUrl(business, site)} {...externalLinkProps} className={`inline-flex items-center gap-1 font-medium ${link}`}>
            View on Map
            <ExternalLink aria-hidden className="h-3.5 w-3.5" />
          </a>
        </ContactRow>
      </ul>
    </Card>
  );
}

function ActionsCard() {
  return (
    <Card title="Actions">
      <div className="grid gap-3">
        <button type="button" className="btn-secondary w-full">
          <Share2 aria-hidden className="h-4 w-4" />
          Share Business
        </button>
        <button type="button" className="btn-secondary w-full">
          <Flag aria-hidden className="h-4 w-4" />
          Report Issue
        </button>
      </div>
    </Card>
  );
}

function FeaturedAgentCard({ business }: { business: Business }) {
  return (
    <section className="rounded-xl bg-forest p-6 text-white shadow-sm">
      <h2 className="flex items-center gap-2 font-serif text-xl font-bold">
        <House aria-hidden className="h-5 w-5" />
        Featured Agent
      </h2>
      <p className="mt-2 text-sm text-white/80">See this agent's areas of expertise, services and contact details.</p>
      <Link to={`/agent/${business.slug}`} className="btn-primary mt-4 w-full">
        <UserRound aria-hidden className="h-4 w-4" />
        View Agent Profile
      </Link>
    </section>
  );
}

function BusinessDetails({ business }: { business: Business }) {
  const site = useSite();
  const picture = business.imageUrl ?? business.logoUrl;
  return (
    <>
      <StructuredData data={businessData(business, site)} />
      <StructuredData
        data={breadcrumbData(site, [
          { name: "Home", path: "/" },
          { name: "Directory", path: "/directory" },
          { name: business.name, path: `/business/${business.slug}` },
        ])}
      />
      {business.featured && picture ? <FeaturedHeader business={business} picture={picture} /> : <LogoHeader business={business} />}
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title="About">
            <p className="leading-relaxed text-charcoal/85">
              {business.description ? withCommunity(business.description, site) : "No description available for this business."}
            </p>
          </Card>
          <Photos business={business} />
        </div>
        <aside className="space-y-6">
          <ContactCard business={business} />
          <ActionsCard />
          {isFeaturedAgent(business) && <FeaturedAgentCard business={business} />}
        </aside>
      </div>
    </>
  );
}

function BusinessSkeleton() {
  return (
    <div aria-busy>
      <Skeleton className="h-[400px] rounded-none" />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-40" />
        </div>
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

export function BusinessPage() {
  const { slug = "" } = useParams();
  const site = useSite();
  const { data: business, isError } = useQuery(businessQuery(slug));
  const missing = isError || business === null;

  usePageMeta(
    missing
      ? { title: "Business Not Found", description: "This business is not in the directory.", status: 404, noindex: true }
      : {
          title: `${business?.name ?? "Business"} | ${site.communityName} Business Directory`,
          description: business?.description
            ? withCommunity(business.description, site)
            : `${business?.name ?? "A local business"} in ${site.communityName}, ${site.state}.`,
          image: business?.imageUrl ?? business?.logoUrl ?? null,
        },
  );

  if (missing) {
    return (
      <NotFoundState title="Business Not Found">
        <p>The business you're looking for doesn't exist or may have been removed.</p>
        <GoBackLink fallback="/directory" className="btn-primary mt-8" />
      </NotFoundState>
    );
  }
  if (!business) return <BusinessSkeleton />;
  return <BusinessDetails business={business} />;
}
