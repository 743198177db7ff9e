// Dates are shown in the community's time zone on the server and in every
// browser alike. Texts are assembled from formatToParts instead of format():
// ICU versions disagree on the space before "PM" (U+0020 vs U+202F), and the
// server's V8 and the visitor's browser must produce the same characters for
// hydration to match.

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

const wallClockFormat = lazyDateFormat({
  timeZone: TIME_ZONE,
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** The named parts of an instant as one formatter shows it. */
export function partsOf(format: Intl.DateTimeFormat, instant: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** An instant as the community's calendars and clocks show it: "Saturday", "November", "14", "2026", "6", "00", "PM". */
export interface WallClock {
  weekday: string;
  month: string;
  day: string;
  year: string;
  hour: string;
  minute: string;
  dayPeriod: string;
}

/**
 * One `formatToParts` call gives every part the texts below are made of; ICU
 * formatting is the costly step when a page lists many events.
 */
export function wallClock(instant: Date): WallClock {
  const { weekday = "", month = "", day = "", year = "", hour = "", minute = "", dayPeriod = "" } = partsOf(wallClockFormat(), instant);
  return { weekday, month, day, year, hour, minute, dayPeriod };
}

export function yearIn(date: Date): number {
  return Number(yearFormat().format(date));
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

const offsetFormat = lazyDateFormat({
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
});

/** "2026-11-14T18:00:00-06:00": the community's wall-clock time with that day's UTC offset (ISO 8601). */
export function offsetDateTime(instant: Date): string {
  const { year, month, day, hour, minute, second, timeZoneName } = partsOf(offsetFormat(), instant);
  const offset = timeZoneName === "GMT" ? "+00:00" : (timeZoneName ?? "").replace("GMT", "");
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}
