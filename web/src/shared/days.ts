// Business days as a location sees them: "YYYY-MM-DD" in its timezone, ranges of them, and the
// UTC instant a local day starts at. No words: the back office's reports and audit log and the
// terminal's closed checks all count days so (their words are each part's own).

import { locale } from "./i18n";

export type Day = string;

export interface DayRange {
  from: Day;
  to: Day;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
/** The sales report's own limit (docs/design.md §13). */
export const MAX_RANGE_DAYS = 366;

function parts(instant: Date, timezone: string): Record<string, number> {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const found: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== "literal") found[part.type] = Number(part.value);
  }
  return found;
}

/** The business day `instant` falls on in `timezone`. */
export function dayIn(timezone: string, instant: Date): Day {
  const p = parts(instant, timezone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

function toUtcMs(day: Day): number {
  const [year, month, date] = day.split("-").map(Number);
  return Date.UTC(year, month - 1, date);
}

/** Whether `day` is a calendar day written "YYYY-MM-DD". */
export function isDay(day: string): boolean {
  return DAY.test(day) && !Number.isNaN(toUtcMs(day));
}

function fromUtcMs(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: Day, days: number): Day {
  return fromUtcMs(toUtcMs(day) + days * MS_PER_DAY);
}

/** How many days `from`..`to` holds, both included. */
export function daysIn(range: DayRange): number {
  return Math.round((toUtcMs(range.to) - toUtcMs(range.from)) / MS_PER_DAY) + 1;
}

/** A range in words: "25 Nov 2026" or "1 Nov – 25 Nov 2026". */
export function describeRange(range: DayRange): string {
  const format = (day: Day, withYear: boolean) =>
    new Date(toUtcMs(day)).toLocaleDateString(locale() === "en" ? "en-GB" : locale(), {
      timeZone: "UTC",
      day: "numeric",
      month: "short",
      year: withYear ? "numeric" : undefined,
    });
  if (range.from === range.to) return format(range.from, true);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${format(range.from, !sameYear)} – ${format(range.to, true)}`;
}

/** The UTC instant the local day `day` starts at in `timezone` (daylight saving included). */
export function startOfDay(day: Day, timezone: string): Date {
  const wallClock = toUtcMs(day);
  const offsetAt = (instant: number) => {
    const p = parts(new Date(instant), timezone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - instant;
  };
  // Twice: the offset at the guess may differ from the one at midnight across a change.
  let instant = wallClock - offsetAt(wallClock);
  instant = wallClock - offsetAt(instant);
  return new Date(instant);
}
