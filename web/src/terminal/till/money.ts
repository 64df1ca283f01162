// The till's words and amounts (docs/design.md §17), pure: the count's variance (Short, Over,
// Even), the drawer's line, the clock's status lines and the open checks' warning. Amounts
// arrive and leave as integer cents.

import { type Cents, formatMoney } from "../../shared/money";
import { locale } from "../../shared/i18n";
import { t } from "../messages";

/** The count against what the till expects: "Short $1.50", "Over $0.25" or "Even". */
export function varianceWords(variance: Cents, currency = "USD"): string {
  if (variance === 0) return t("terminal.till.even");
  const amount = formatMoney(Math.abs(variance), currency);
  return variance < 0 ? t("terminal.till.short", { amount }) : t("terminal.till.over", { amount });
}

/** What a count came to: short (red: cash missing), over (amber: look at it) or even (done). */
export type Variance = "short" | "over" | "even";

export function varianceOf(variance: Cents): Variance {
  return variance < 0 ? "short" : variance > 0 ? "over" : "even";
}

/** "Expected $208.50 · Counted $207.00 · Short $1.50". */
export function countLine(expected: Cents, counted: Cents, currency = "USD"): string {
  return [
    t("terminal.till.expected", { amount: formatMoney(expected, currency) }),
    t("terminal.till.counted", { amount: formatMoney(counted, currency) }),
    varianceWords(counted - expected, currency),
  ].join(" · ");
}

/** A moment as the staff read it, in the location's timezone: "6:02 PM". */
export function clockTime(at: string | Date, timezone = "UTC"): string {
  return new Intl.DateTimeFormat(timeLocale(), { hour: "numeric", minute: "2-digit", timeZone: timezone }).format(
    typeof at === "string" ? new Date(at) : at,
  );
}

/** The locale a time is written in: English writes it as in the US ("6:02 PM"). */
export function timeLocale(): string {
  return locale() === "en" ? "en-US" : locale();
}

/** "Drawer open since 6:00 PM · float $200.00". */
export function drawerLine(openedAt: string, float: Cents, timezone = "UTC", currency = "USD"): string {
  return t("terminal.till.drawerLine", { time: clockTime(openedAt, timezone), float: formatMoney(float, currency) });
}

/** "Ana clocked in at 6:02 PM". */
export function clockedInLine(name: string, at: string, timezone = "UTC"): string {
  return t("terminal.till.clockedIn", { name, time: clockTime(at, timezone) });
}

/** "Ana clocked out at 11:40 PM · 5.6 h" (hours to the tenth). */
export function clockedOutLine(name: string, at: string, hours: number, timezone = "UTC"): string {
  const tenths = new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return t("terminal.till.clockedOut", {
    name,
    time: clockTime(at, timezone),
    hours: tenths.format(Math.round(hours * 10) / 10),
  });
}

/** "2 checks still open", "1 check still open"; none: null. */
export function openChecksWarning(count: number): string | null {
  if (count <= 0) return null;
  return t("terminal.till.stillOpen", { count });
}

/** What an amount field shows for `cents` ("200.00"), and back ("" is no amount: 0). */
export function amountText(cents: Cents): string {
  return (cents / 100).toFixed(2);
}
