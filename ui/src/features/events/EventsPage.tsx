import { useQuery } from "@tanstack/react-query";
import CalendarX from "lucide-react/icons/calendar-x";
import { PageHero } from "@/components/ui/PageHero";
import { usePageMeta } from "@/lib/page-meta";
import { eventsQuery } from "@/lib/queries";
import { useSite } from "@/lib/site";
import { EventCard, EventCardSkeleton } from "./EventCard";

const SKELETON_COUNT = 3;

const eventCount = (count: number) => `${count} ${count === 1 ? "event" : "events"}`;

function NoEvents() {
  return (
    <div className="rounded-xl border border-dashed border-forest/20 bg-white px-6 py-16 text-center">
      <CalendarX aria-hidden className="mx-auto h-12 w-12 text-forest/40" />
      <h3 className="mt-4 font-serif text-2xl font-semibold text-forest">No events scheduled</h3>
      <p className="mt-2 text-charcoal/70">Check back later for upcoming community events.</p>
    </div>
  );
}

export function EventsPage() {
  const site = useSite();
  const { data, isPending } = useQuery(eventsQuery());
  // The page has no error state of its own: a failed request reads as an empty calendar.
  const events = data ?? [];
  usePageMeta({
    title: `Events | ${site.communityName}, ${site.state}`,
    description: `Upcoming community, government, business and cultural events in ${site.communityName}, ${site.state}.`,
  });

  return (
    <>
      <PageHero
        title={`${site.communityName} Area Events`}
        subtitle="Council meetings, markets, festivals and everything in between."
        image="/images/hero/events.svg"
      />
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-serif text-3xl font-bold text-forest">Upcoming Events</h2>
          {/* In place before the data arrives, so that the count is announced. */}
          <p className="text-sm text-charcoal/70" aria-live="polite">
            {!isPending && eventCount(events.length)}
          </p>
        </div>
        {isPending ? (
          <ul aria-busy="true" aria-label="Loading events" className="space-y-6">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <li key={index}>
                <EventCardSkeleton />
              </li>
            ))}
          </ul>
        ) : events.length === 0 ? (
          <NoEvents />
        ) : (
          <ul className="space-y-6">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
