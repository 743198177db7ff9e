// Calendar arithmetic in the community's time zone. Only numeric parts and
// English month/weekday names come from Intl, so the server's V8 and every
// browser produce the same text and hydration matches.
import { TIME_ZONE, lazyDateFormat, partsOf, wallClock } from "@/lib/time";

export interface CalendarDay {
  year: number;
  /** 1 = January. */
  month: number;
  day: number;
}

const dayFormat = lazyDateFormat({
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

const monthTitleFormat = lazyDateFormat({ timeZone: "UTC", month: "long", year: "numeric" });

/** The calendar day an instant falls on in the community. */
export function calendarDayOf(instant: Date): CalendarDay {
  const parts = partsOf(dayFormat(), instant);
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** "November 2026". */
export function monthTitle({ year, month }: Pick<CalendarDay, "year" | "month">): string {
  return monthTitleFormat().format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The month as weeks of seven cells, Sunday first; `null` pads the first and last week. */
export function monthWeeks({ year, month }: Pick<CalendarDay, "year" | "month">): (number | null)[][] {
  const leadingBlanks = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = [
    ...Array<null>(leadingBlanks).fill(null),
    ...Array.from({ length: daysInMonth }, (_, index) => index + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** An event's start as a short month and day plus "Sat, Nov 21 · 8:00 AM". */
export function eventWhen(instant: Date): { month: string; day: string; full: string } {
  const { weekday, month, day, hour, minute, dayPeriod } = wallClock(instant);
  // English short names are the first three letters of the long ones.
  const shortMonth = month.slice(0, 3);
  return { month: shortMonth, day, full: `${weekday.slice(0, 3)}, ${shortMonth} ${day} · ${hour}:${minute} ${dayPeriod}` };
}
