import { StructuredData } from "@/components/ui/StructuredData";
import { usePageMeta } from "@/lib/page-meta";
import { organizationData, websiteData } from "@/lib/structured-data";
import { useSite } from "@/lib/site";
import { CategoryGrid } from "./CategoryGrid";
import { EventsWidget } from "./EventsWidget";
import { HeroCarousel } from "./HeroCarousel";
import { HomeTiles } from "./HomeTiles";
import { NewestMembers } from "./NewestMembers";
import { NewsletterSignup } from "./NewsletterSignup";
import { SidebarBanners, TopBanner } from "./SponsorBanners";

export function HomePage() {
  const site = useSite();
  usePageMeta({
    title: `${site.communityName}, ${site.state} | Local Business Directory & Community Guide`,
    description: `Find local businesses, events, news and history in ${site.communityName}, ${site.state}.`,
  });
  return (
    <>
      <StructuredData data={websiteData(site)} />
      <StructuredData data={organizationData(site)} />
      <h1 className="sr-only">
        {site.communityName}, {site.state} Local Business Directory
      </h1>
      <TopBanner />
      <HeroCarousel />
      <HomeTiles />
      <figure className="mx-auto max-w-7xl px-4">
        <img
          src="/images/home/main-street.svg"
          alt={`Main Street in ${site.communityName} on a sunny afternoon`}
          width={1200}
          height={500}
          loading="lazy"
          className="h-auto w-full rounded-2xl object-cover shadow-md"
        />
      </figure>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-14">
          <NewestMembers />
          <CategoryGrid />
        </div>
        <div className="space-y-8">
          <SidebarBanners />
          <EventsWidget />
          <NewsletterSignup />
        </div>
      </div>
    </>
  );
}
