// The till's words and amounts (docs/design.md §17), pure: the count's variance (Short, Over,
// Even), the drawer's line, the clock's status lines and the open checks' warning. Amounts
// arrive and leave as integer cents.

import { type Cents, formatMoney } from "../../shared/money";

/** The count against what the till expects: "Short $1.50", "Over $0.25" or "Even". */
export function varianceWords(variance: Cents, currency = "USD"): string {
  if (variance === 0) return "Even";
  return `${variance < 0 ? "Short" : "Over"} ${formatMoney(Math.abs(variance), currency)}`;
}

/** "Expected $208.50 · Counted $207.00 · Short $1.50". */
export function countLine(expected: Cents, counted: Cents, currency = "USD"): string {
  return [
    `Expected ${formatMoney(expected, currency)}`,
    `Counted ${formatMoney(counted, currency)}`,
    varianceWords(counted - expected, currency),
  ].join(" · ");
}

/** A moment as the staff read it, in the location's timezone: "6:02 PM". */
export function clockTime(at: string | Date, timezone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: timezone }).format(
    typeof at === "string" ? new Date(at) : at,
  );
}

/** "Drawer open since 6:00 PM · float $200.00". */
export function drawerLine(openedAt: string, float: Cents, timezone = "UTC", currency = "USD"): string {
  return `Drawer open since ${clockTime(openedAt, timezone)} · float ${formatMoney(float, currency)}`;
}

/** "Ana clocked in at 6:02 PM". */
export function clockedInLine(name: string, at: string, timezone = "UTC"): string {
  return `${name} clocked in at ${clockTime(at, timezone)}`;
}

/** "Ana clocked out at 11:40 PM · 5.6 h" (hours to the tenth). */
export function clockedOutLine(name: string, at: string, hours: number, timezone = "UTC"): string {
  return `${name} clocked out at ${clockTime(at, timezone)} · ${(Math.round(hours * 10) / 10).toFixed(1)} h`;
}

/** "2 checks still open", "1 check still open"; none: null. */
export function openChecksWarning(count: number): string | null {
  if (count <= 0) return null;
  return `${count} ${count === 1 ? "check" : "checks"} still open`;
}

/** What an amount field shows for `cents` ("200.00"), and back ("" is no amount: 0). */
export function amountText(cents: Cents): string {
  return (cents / 100).toFixed(2);
}
