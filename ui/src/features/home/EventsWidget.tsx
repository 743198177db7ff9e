import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarDays from "lucide-react/icons/calendar-days";
import MapPin from "lucide-react/icons/map-pin";
import { Link } from "@/components/ui/Link";
import { Skeleton } from "@/components/ui/Skeleton";
import { upcomingEventsQuery } from "@/lib/queries";
import { useNow } from "@/lib/site";
import type { CommunityEvent } from "@/lib/types";
import { calendarDayOf, eventWhen, monthTitle, monthWeeks } from "./calendar";

const LISTED_EVENTS = 2;
const WEEKDAYS = [
  { short: "Su", name: "Sunday" },
  { short: "Mo", name: "Monday" },
  { short: "Tu", name: "Tuesday" },
  { short: "We", name: "Wednesday" },
  { short: "Th", name: "Thursday" },
  { short: "Fr", name: "Friday" },
  { short: "Sa", name: "Saturday" },
];

function MonthCalendar({ events }: { events: CommunityEvent[] }) {
  const today = calendarDayOf(useNow());
  const eventDays = new Set(
    events
      .map((event) => calendarDayOf(new Date(event.startDate)))
      .filter((day) => day.year === today.year && day.month === today.month)
      .map((day) => day.day),
  );
  return (
    <table className="w-full table-fixed text-center text-sm">
      <caption className="mb-2 font-semibold text-forest">{monthTitle(today)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday.short} scope="col" className="pb-1 text-xs font-medium text-charcoal/70">
              <abbr title={weekday.name} className="no-underline">
                {weekday.short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(today).map((week, index) => (
          <tr key={index}>
            {week.map((day, cell) => (
              <td key={cell} className="p-0.5">
                {day && <CalendarCell day={day} isToday={day === today.day} hasEvents={eventDays.has(day)} />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CalendarCell({ day, isToday, hasEvents }: { day: number; isToday: boolean; hasEvents: boolean }) {
  const tone = isToday ? "bg-forest font-bold text-white" : hasEvents ? "bg-terracotta/10 font-semibold text-terracotta" : "text-charcoal/80";
  return (
    <span aria-current={isToday ? "date" : undefined} className={`relative mx-auto flex h-8 w-8 items-center justify-center rounded-full ${tone}`}>
      {day}
      {hasEvents && (
        <>
          <span aria-hidden className={`absolute bottom-0.5 h-1 w-1 rounded-full ${isToday ? "bg-white" : "bg-terracotta"}`} />
          <span className="sr-only"> (events)</span>
        </>
      )}
    </span>
  );
}

function EventItem({ event }: { event: CommunityEvent }) {
  const when = eventWhen(new Date(event.startDate));
  return (
    <li className="flex gap-3">
      <span aria-hidden className="flex h-12 w-12 shrink-0 flex-col items-center justify-center rounded-lg bg-sand text-forest">
        <span className="text-[10px] font-semibold uppercase">{when.month}</span>
        <span className="text-lg font-bold leading-none">{when.day}</span>
      </span>
      <div className="min-w-0">
        <p className="font-semibold leading-snug text-charcoal">{event.title}</p>
        <p className="text-xs text-charcoal/70">{when.full}</p>
        {event.location && (
          <p className="flex items-center gap-1 text-xs text-charcoal/70">
            <MapPin aria-hidden className="h-3 w-3" />
            {event.location}
          </p>
        )}
      </div>
    </li>
  );
}

export function EventsWidget() {
  const { data, isPending } = useQuery(upcomingEventsQuery());
  // A failed request reads the same as an empty calendar (spec: 'No upcoming events').
  const events = data ?? [];
  return (
    <section aria-labelledby="events-widget" className="rounded-xl border border-forest/10 bg-white p-5 shadow-sm">
      <h2 id="events-widget" className="mb-4 flex items-center gap-2 font-serif text-xl font-bold text-forest">
        <CalendarDays aria-hidden className="h-5 w-5" />
        Upcoming Events
      </h2>
      <MonthCalendar events={events} />
      <div className="mt-5 border-t border-forest/10 pt-4">
        {isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : events.length === 0 ? (
          <p className="text-sm text-charcoal/70">No upcoming events</p>
        ) : (
          <ul className="space-y-4">
            {events.slice(0, LISTED_EVENTS).map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ul>
        )}
        <Link to="/events" className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-terracotta hover:underline">
          All events
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
