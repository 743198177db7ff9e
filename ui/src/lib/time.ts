// Dates are shown in the community's time zone on the server and in every
// browser alike. Texts are assembled from formatToParts instead of format():
// ICU versions disagree on the space before "PM" (U+0020 vs U+202F), and the
// server's V8 and the visitor's browser must produce the same characters for
// hydration to match.

import { keptResults } from "./kept-results";

export const TIME_ZONE = "America/Chicago";

/**
 * An en-US date formatter made on first use and reused after. Never at import:
 * the server starts its isolates from a V8 snapshot of the evaluated bundle,
 * and a snapshot cannot hold Intl objects.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat("en-US", options));
}

const yearFormat = lazyDateFormat({ timeZone: TIME_ZONE, year: "numeric" });

/** The names of the day and month, and the UTC offset ("GMT-06:00"): the rest is arithmetic. */
const namesFormat = lazyDateFormat({ timeZone: TIME_ZONE, weekday: "long", month: "long", timeZoneName: "longOffset" });

/** The named parts of an instant as one formatter shows it. */
export function partsOf(format: Intl.DateTimeFormat, instant: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** An instant as the community's calendars and clocks show it. */
export interface WallClock {
  /** "Saturday", "November", "14", "2026" */
  weekday: string;
  month: string;
  day: string;
  year: string;
  /** "6", "00", "PM" */
  hour: string;
  minute: string;
  dayPeriod: string;
  /** "2026-11-14T18:00:00-06:00": ISO 8601 with that day's UTC offset. */
  iso: string;
}

const two = (value: number) => String(value).padStart(2, "0");

/** "GMT-06:00" as seconds east of UTC; "GMT" alone is UTC. */
function offsetSeconds(gmtOffset: string): number {
  const [, sign, hours, minutes, seconds] = /^GMT([+-])(\d\d):(\d\d)(?::(\d\d))?$/.exec(gmtOffset) ?? [];
  if (!sign) return 0;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds ?? 0);
  return sign === "-" ? -total : total;
}

function readWallClock(instant: Date): WallClock {
  const { weekday = "", month = "", timeZoneName = "GMT" } = partsOf(namesFormat(), instant);
  // The numbers come from the instant moved by the offset: exact, and the
  // same in every engine. Only the names come from ICU.
  const local = new Date(instant.getTime() + offsetSeconds(timeZoneName) * 1000);
  const year = String(local.getUTCFullYear());
  const day = local.getUTCDate();
  const hour = local.getUTCHours();
  const minute = two(local.getUTCMinutes());
  const offset = timeZoneName === "GMT" ? "+00:00" : timeZoneName.slice(3);
  return {
    weekday,
    month,
    day: String(day),
    year,
    hour: String(hour % 12 || 12),
    minute,
    dayPeriod: hour < 12 ? "AM" : "PM",
    iso: `${year}-${two(local.getUTCMonth() + 1)}-${two(day)}T${two(hour)}:${minute}:${two(local.getUTCSeconds())}${offset}`,
  };
}

/** ICU formatting is the costliest step of rendering a list of events. */
const clockAt = keptResults((time: number) => readWallClock(new Date(time)), 512);

export function wallClock(instant: Date): WallClock {
  return clockAt(instant.getTime());
}

/** Farthest any time zone is from UTC: 14 hours (Kiribati). */
const WIDEST_OFFSET_MS = 14 * 3_600_000;

/**
 * The year in the community at `date`. Every page's footer shows it, and a
 * browser's first date formatter costs tens of milliseconds of ICU set-up
 * (four times that on a slow phone) in the middle of hydration: so away from
 * New Year, where every time zone is in UTC's year, it comes without ICU.
 */
export function yearIn(date: Date): number {
  const year = date.getUTCFullYear();
  const time = date.getTime();
  const nearNewYear = time - Date.UTC(year, 0, 1) < WIDEST_OFFSET_MS || Date.UTC(year + 1, 0, 1) - time <= WIDEST_OFFSET_MS;
  return nearNewYear ? Number(yearFormat().format(date)) : year;
}

/**
 * "14" and "NOV": the tear-off calendar block of an event. Every English month
 * abbreviation is the first three letters of the month's name.
 */
export function calendarBlock(clock: WallClock): { day: string; month: string } {
  return { day: clock.day, month: clock.month.slice(0, 3).toUpperCase() };
}

/** "Saturday, November 14, 2026". */
export function longDate({ weekday, month, day, year }: WallClock): string {
  return `${weekday}, ${month} ${day}, ${year}`;
}

/** "November 14, 2026". */
export function mediumDate({ month, day, year }: WallClock): string {
  return `${month} ${day}, ${year}`;
}

/** "6:00 PM". */
export function clockTime({ hour, minute, dayPeriod }: WallClock): string {
  return `${hour}:${minute} ${dayPeriod}`;
}

/** "6:00 PM - 9:00 PM"; an end on a later day names that day. */
export function timeRange(start: WallClock, end: WallClock | null): string {
  if (!end) return clockTime(start);
  const endText = mediumDate(end) === mediumDate(start) ? clockTime(end) : `${longDate(end)}, ${clockTime(end)}`;
  return `${clockTime(start)} - ${endText}`;
}
