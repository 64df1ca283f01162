// The back office's words for business days (shared/days.ts counts them): the report's presets
// and what is wrong with a range picked.

import { addDays, type Day, type DayRange, daysIn, isDay, MAX_RANGE_DAYS } from "../../shared/days";
import { t } from "../messages";

export * from "../../shared/days";

/** The picker's quick choices, counted back from `today`. */
export function presets(today: Day): { label: string; range: DayRange }[] {
  return [
    { label: t("dates.today"), range: { from: today, to: today } },
    { label: t("dates.yesterday"), range: { from: addDays(today, -1), to: addDays(today, -1) } },
    { label: t("dates.last7"), range: { from: addDays(today, -6), to: today } },
    { label: t("dates.thisMonth"), range: { from: `${today.slice(0, 8)}01`, to: today } },
  ];
}

/** Why a range cannot be asked for, in words; null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!isDay(range.from) || !isDay(range.to)) return t("dates.pickBoth");
  if (range.to < range.from) return t("dates.backwards");
  if (daysIn(range) > MAX_RANGE_DAYS) return t("dates.tooLong", { days: MAX_RANGE_DAYS });
  return null;
}
