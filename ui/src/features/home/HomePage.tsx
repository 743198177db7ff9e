import { useQuery } from "@tanstack/react-query";
import { Deferred, ServerRendered } from "@/components/ui/Deferred";
import { usePageMeta } from "@/lib/page-meta";
import { categoriesQuery, featuredBusinessesQuery, upcomingEventsQuery } from "@/lib/queries";
import { useSite } from "@/lib/site";
import { BannersAndEvents, HomeStructuredData, MembersAndCategories } from "./deferred-parts";
import { HeroCarousel } from "./HeroCarousel";
import { HomeTiles } from "./HomeTiles";
import { NewsletterSignup } from "./NewsletterSignup";

export function HomePage() {
  const site = useSite();
  usePageMeta({
    title: `${site.communityName}, ${site.state} | Local Business Directory & Community Guide`,
    description: `Find local businesses, events, news and history in ${site.communityName}, ${site.state}.`,
  });
  // The parts below the fold may hydrate minutes after the page: observing their
  // queries here (without fetching) keeps the server's answers cached until then;
  // react-query drops answers nobody observes after five minutes.
  useQuery({ ...featuredBusinessesQuery(), enabled: false });
  useQuery({ ...categoriesQuery(), enabled: false });
  useQuery({ ...upcomingEventsQuery(), enabled: false });
  return (
    <>
      <ServerRendered content={HomeStructuredData} />
      <h1 className="sr-only">
        {site.communityName}, {site.state} Local Business Directory
      </h1>
      <HeroCarousel />
      <HomeTiles />
      <figure className="mx-auto max-w-7xl px-4">
        <img
          src="/images/home/main-street.svg"
          alt={`Main Street in ${site.communityName} on a sunny afternoon`}
          width={1200}
          height={500}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-2xl object-cover shadow-md"
        />
      </figure>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Deferred className="space-y-14" content={MembersAndCategories} />
        <div className="space-y-8">
          <Deferred className="space-y-8" content={BannersAndEvents} />
          <NewsletterSignup />
        </div>
      </div>
    </>
  );
}
