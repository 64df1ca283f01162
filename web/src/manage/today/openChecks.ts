// The back office's open checks (docs/decisions.md, "Open checks in Today"): every DRAFT (nothing
// sent yet) and OPEN check of the location, oldest first, with where it is, who opened it, its
// age and what is still due.

import type { Schemas } from "../../shared/api/client";
import type { OrderType } from "../../shared/types";
import { t } from "../messages";

export interface OpenCheck {
  id: string;
  createdAt: string;
  tableName: string | null;
  customerName: string | null;
  orderType: OrderType;
}

/** Oldest first: the check waiting longest is the one to look at. */
export function oldestFirst<T extends Pick<OpenCheck, "createdAt" | "id">>(checks: T[]): T[] {
  return [...checks].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** How long a check has been open: "just now", "12 min", "1 h 05 min". */
export function ageInWords(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return t("age.justNow");
  if (minutes < 60) return t("age.minutes", { minutes });
  return t("age.hours", { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") });
}

/** Where a check is: "Table 4", or its kind and customer ("Bar tab · Sam"). */
export function placeOf(check: OpenCheck): string {
  if (check.tableName) return t("place.table", { name: check.tableName });
  const kind = t(`orderType.${check.orderType}`);
  return check.customerName ? `${kind} · ${check.customerName}` : kind;
}

// The open checks a report or an X shows apart (docs/decisions.md, "openChecks is one shape on
// the report and the X"): their money is already in the day's payments, their sale is not yet.

export type PaidOpenChecks = Schemas["OpenChecksPaid"];
export type PaidOpenCheck = Schemas["OpenCheckPaid"];
type Money = (amount: number) => string;

/** "Open checks: 2, €61.50 paid of €74.00"; "Open checks: none". The X names them "Open checks
 * with payments": the unpaid ones are not its. */
export function openChecksInWords(
  found: Pick<PaidOpenChecks, "count" | "total" | "paid">,
  money: Money,
  which = t("open.title"),
): string {
  if (found.count === 0) return t("open.inWordsNone", { which });
  return t("open.inWords", { which, count: found.count, paid: money(found.paid), total: money(found.total) });
}

/** What the list leaves out when the server listed only the first checks: "and 40 more". */
export function notListed(found: PaidOpenChecks): string | null {
  const more = found.count - found.checks.length;
  return more > 0 ? t("open.more", { count: more }) : null;
}

/** A listed check's number as checks are named everywhere: "#1002". */
export const numberOf = (check: PaidOpenCheck): string => `#${check.number}`;

/** A listed check's table, or a dash for a check at none (a bar tab, a takeout). */
export const tableOf = (check: PaidOpenCheck): string => check.table ?? "—";
