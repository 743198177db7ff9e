// The parts of the home page whose code the first load does without; the browser
// loads them in one chunk (`deferred-parts.lazy.ts`, see `Deferred` for when).
import { StructuredData } from "@/components/ui/StructuredData";
import { organizationData, websiteData } from "@/lib/structured-data";
import { useSite } from "@/lib/site";
import { CategoryGrid } from "./CategoryGrid";
import { EventsWidget } from "./EventsWidget";
import { NewestMembers } from "./NewestMembers";
import { SidebarBanners } from "./SponsorBanners";

/** JSON-LD for search engines: nothing to do in the browser until a navigation renders it anew. */
export function HomeStructuredData() {
  const site = useSite();
  return (
    <>
      <StructuredData data={websiteData(site)} />
      <StructuredData data={organizationData(site)} />
    </>
  );
}

/** Below the fold, main column. */
export function MembersAndCategories() {
  return (
    <>
      <NewestMembers />
      <CategoryGrid />
    </>
  );
}

/** Below the fold, sidebar (the newsletter form stays with the page: it is typed into). */
export function BannersAndEvents() {
  return (
    <>
      <SidebarBanners />
      <EventsWidget />
    </>
  );
}
