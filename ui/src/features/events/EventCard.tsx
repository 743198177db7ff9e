import CalendarDays from "lucide-react/icons/calendar-days";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ContentHtml } from "@/components/ui/ContentHtml";
import { Skeleton } from "@/components/ui/Skeleton";
import { StructuredData } from "@/components/ui/StructuredData";
import { useSite, withCommunity } from "@/lib/site";
import { eventData } from "@/lib/structured-data";
import { calendarBlock, longDate, timeRange, wallClock } from "@/lib/time";
import type { CommunityEvent } from "@/lib/types";
import { eventCategoryStyle } from "./event-categories";

function Detail({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-terracotta" />
      <span>{children}</span>
    </p>
  );
}

export function EventCard({ event }: { event: CommunityEvent }) {
  const site = useSite();
  const start = wallClock(new Date(event.startDate));
  const end = event.endDate ? wallClock(new Date(event.endDate)) : null;
  const block = calendarBlock(start);
  const style = eventCategoryStyle(event.category);
  const titleId = `event-${event.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-4 rounded-xl border border-forest/10 bg-white p-5 shadow-sm sm:gap-x-6 sm:p-6"
    >
      <time
        dateTime={event.startDate}
        className={`flex h-16 w-16 flex-col items-center justify-center rounded-xl shadow-sm sm:row-span-2 sm:h-20 sm:w-20 ${style.dateBlock}`}
      >
        <span className="text-2xl font-bold leading-none sm:text-3xl">{block.day}</span>
        <span className="mt-1 text-xs font-semibold tracking-widest">{block.month}</span>
      </time>
      <StructuredData data={eventData(event, site)} />
      <div className="flex flex-col items-start gap-2 self-center sm:flex-row sm:justify-between sm:gap-4 sm:self-start">
        <h3 id={titleId} className="font-serif text-xl font-semibold leading-snug text-forest sm:text-2xl">
          {withCommunity(event.title, site)}
        </h3>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.badge}`}>{style.label}</span>
      </div>
      <div className="col-span-2 sm:col-span-1 sm:col-start-2">
        <div className="flex flex-col gap-1.5 text-sm text-charcoal/75 sm:flex-row sm:flex-wrap sm:gap-x-6">
          <Detail icon={CalendarDays}>{longDate(start)}</Detail>
          <Detail icon={Clock}>{timeRange(start, end)}</Detail>
          {event.location && <Detail icon={MapPin}>{event.location}</Detail>}
        </div>
        {event.description && (
          <div className="mt-4 border-t border-forest/10 pt-4">
            <ContentHtml html={withCommunity(event.description, site)} className="max-w-3xl text-[15px]" />
          </div>
        )}
      </div>
    </article>
  );
}

/** The placeholder of one event card while the list loads (client navigation only). */
export function EventCardSkeleton() {
  return (
    <div aria-hidden data-testid="event-skeleton" className="flex gap-4 rounded-xl border border-forest/10 bg-white p-5 sm:gap-6 sm:p-6">
      <Skeleton className="h-16 w-16 shrink-0 rounded-xl sm:h-20 sm:w-20" />
      <div className="flex-1 space-y-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-16 w-full" />
      </div>
    </div>
  );
}
