// The back office's open checks (docs/decisions.md, "Open checks in Today"): every DRAFT (nothing
// sent yet) and OPEN check of the location, oldest first, with where it is, who opened it, its
// age and what is still due.

import type { OrderType } from "../../shared/types";

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
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Where a check is: "Table 4", or its kind and customer ("Bar tab · Sam"). */
export function placeOf(check: OpenCheck): string {
  if (check.tableName) return `Table ${check.tableName}`;
  const kind = { DINE_IN: "Dine in", TAKEOUT: "Takeout", DELIVERY: "Delivery", BAR_TAB: "Bar tab" }[check.orderType];
  return check.customerName ? `${kind} · ${check.customerName}` : kind;
}
