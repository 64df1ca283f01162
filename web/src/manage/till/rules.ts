// The till section's pure rules: a count's variance in words, which drawers a day shows and
// in which order, a drawer's movements summed, the X and Z figures as rows, and the journal's
// state and pages (docs/design.md §17, §18).

import type { Schemas } from "../../shared/api/client";
import { type Cents, toCents } from "../../shared/money";
import type { TaxMode } from "../../shared/types";
import { withPercent } from "../../shared/totals";
import { dayIn } from "../today/dates";

export type Drawer = Schemas["CashDrawerOut"];
export type Movement = Schemas["MovementOut"];
export type DayFigures = Schemas["XReportOut"] | Schemas["ZReportOut"];
export type JournalEntry = Schemas["JournalEntryOut"];
type Money = (cents: Cents) => string;

/** A count's variance (counted − expected) in words: "Short $2.00", "Over $0.50", "Even". */
export function varianceWords(variance: number, money: Money): string {
  const cents = toCents(variance);
  if (cents === 0) return "Even";
  return `${cents < 0 ? "Short" : "Over"} ${money(Math.abs(cents))}`;
}

/** The drawers of a day (the server keeps those open at some time during it): the open ones
 * first, then the newest opened first. */
export function openFirst(drawers: Drawer[]): Drawer[] {
  return [...drawers].sort(
    (a, b) =>
      Number(b.status === "OPEN") - Number(a.status === "OPEN") ||
      new Date(b.openedAt).getTime() - new Date(a.openedAt).getTime(),
  );
}

export interface MovementSummary {
  /** Cash sales and refunds summed: count and cents (a sale's cash rounding included, the cash
   * handed over). */
  cashSales: { count: number; cents: Cents };
  cashRefunds: { count: number; cents: Cents };
  /** Pay-ins, pay-outs and no-sales, one by one, oldest first. */
  byHand: Movement[];
}

export function summarise(movements: Movement[]): MovementSummary {
  const summary: MovementSummary = {
    cashSales: { count: 0, cents: 0 },
    cashRefunds: { count: 0, cents: 0 },
    byHand: [],
  };
  for (const movement of movements) {
    const cents = toCents(movement.amount) + toCents(movement.rounding);
    if (movement.type === "CASH_SALE") {
      summary.cashSales = { count: summary.cashSales.count + 1, cents: summary.cashSales.cents + cents };
    } else if (movement.type === "CASH_REFUND") {
      summary.cashRefunds = { count: summary.cashRefunds.count + 1, cents: summary.cashRefunds.cents + cents };
    } else {
      summary.byHand.push(movement);
    }
  }
  return summary;
}

const MOVEMENT_WORDS: Record<Schemas["MovementType"], string> = {
  PAY_IN: "Pay-in",
  PAY_OUT: "Pay-out",
  NO_SALE: "No sale",
  CASH_SALE: "Cash sale",
  CASH_REFUND: "Cash refund",
};

export interface MovementRow {
  id: string;
  what: string;
  detail: string;
  amount: string;
}

/** A drawer's movements as its expansion lists them: cash sales and refunds summed, then the
 * pay-ins, pay-outs and no-sales one by one with their reason, who and when; money out is
 * negative. */
export function movementRows(movements: Movement[], money: Money, at: (instant: string) => string): MovementRow[] {
  const summary = summarise(movements);
  const summed = (what: string, found: { count: number; cents: Cents }, sign: number) => ({
    id: what,
    what: `${what} · ${found.count}`,
    detail: "",
    amount: money(sign * found.cents),
  });
  return [
    summed("Cash sales", summary.cashSales, 1),
    summed("Cash refunds", summary.cashRefunds, -1),
    ...summary.byHand.map((movement) => ({
      id: movement.id,
      what: MOVEMENT_WORDS[movement.type],
      detail: [movement.reason, movement.staff.name, at(movement.createdAt)].filter(Boolean).join(" · "),
      amount:
        movement.type === "NO_SALE" ? "–" : money((movement.type === "PAY_OUT" ? -1 : 1) * toCents(movement.amount)),
    })),
  ];
}

const KIND_WORDS: Record<JournalEntry["kind"], string> = {
  SALE: "Sale",
  REFUND: "Refund",
  VOID: "Void",
  REOPEN: "Reopen",
  TIP_ADJUST: "Tip adjusted",
  Z: "Z",
};

export const kindWords = (kind: JournalEntry["kind"]): string => KIND_WORDS[kind];

/** "CARD" → "Card", "GIFT_CARD" → "Gift card". */
export const methodWords = (method: string): string =>
  method.charAt(0) + method.slice(1).toLowerCase().replace(/_/g, " ");

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export interface FigureRow {
  label: string;
  value: string;
  /** A total the rows before it add up to: shown stronger. */
  total?: boolean;
}

/** The sales rows: net sales as the journal holds them or, VAT-inclusive, net of the VAT in them
 * with the sales as charged beside. A day's tax by rate holds its service charges' VAT with its
 * lines', so with service charges on the day the figure net of VAT includes them, and says so. */
function salesRows(report: DayFigures, money: Money, taxMode: TaxMode): FigureRow[] {
  const sales = toCents(report.netSales);
  if (taxMode !== "INCLUSIVE") return [{ label: "Net sales", value: money(sales), total: true }];
  const vat = report.taxes.reduce((sum, tax) => sum + toCents(tax.tax), 0);
  const charges = toCents(report.serviceCharges);
  return [
    {
      label: charges === 0 ? "Net sales (excl. VAT)" : "Net sales and service charges (excl. VAT)",
      value: money(sales + charges - vat),
      total: true,
    },
    { label: "Gross sales (incl. VAT)", value: money(sales) },
  ];
}

/** An X's or a Z's figures, in the order the page shows them. */
export function figureRows(report: DayFigures, money: Money, taxMode: TaxMode = "EXCLUSIVE"): FigureRow[] {
  const cents = (amount: number) => money(toCents(amount));
  const rows: FigureRow[] = [
    { label: "Orders", value: String(report.orderCount) },
    ...salesRows(report, money, taxMode),
    ...report.taxes.map((tax) => ({
      label: `Tax ${withPercent(tax.name, tax.rate)}${tax.net === null ? "" : ` on ${cents(tax.net)}`}`,
      value: cents(tax.tax),
    })),
    { label: "Service charges", value: cents(report.serviceCharges) },
    { label: "Tips", value: cents(report.tips) },
    ...report.byPaymentMethod.map((paid) => ({
      label: `${methodWords(paid.method)} · ${count(paid.count, "payment")}${paid.tips ? `, tips ${cents(paid.tips)}` : ""}`,
      value: cents(paid.amount),
    })),
    { label: `Refunds · ${count(report.refunds.count, "refund")}`, value: cents(report.refunds.amount) },
    { label: `Voids · ${count(report.voids.count, "void")}`, value: cents(report.voids.amount) },
    { label: "Discounts", value: cents(report.discounts) },
    { label: "Cash rounding", value: cents(report.rounding) },
  ];
  if (report.unassignedCash !== 0) rows.push({ label: "Cash with no drawer", value: cents(report.unassignedCash) });
  if ("grandTotal" in report) rows.push({ label: "Grand total", value: cents(report.grandTotal), total: true });
  return rows;
}

/** "Journal intact · 1,284 entries" or "Journal broken at entry 812". */
export function journalState(verification: Schemas["JournalVerification"]): string {
  if (!verification.ok)
    return `Journal broken at entry ${verification.firstBrokenSequence ?? verification.entries + 1}`;
  return `Journal intact · ${verification.entries.toLocaleString("en-US")} ${verification.entries === 1 ? "entry" : "entries"}`;
}

/** The `after` that reads the last `limit` of `entries` entries (sequences run 1..entries). */
export const latestAfter = (entries: number, limit: number): number => Math.max(0, entries - limit);

/** The `after` of the page before the one read from `after`; null on the first page. */
export const olderAfter = (after: number, limit: number): number | null =>
  after === 0 ? null : Math.max(0, after - limit);

/** The amount an entry's content holds, in cents: a SALE's, a REOPEN's or a Z's net sales, a
 * REFUND's or a VOID's amount; null when it holds none. */
export function entryCents(entry: JournalEntry): Cents | null {
  const content = entry.content;
  // A sale's or a reopen's net sales, a refund's or a void's amount, a tip adjustment's change.
  const found =
    typeof content.netSales === "number"
      ? content.netSales
      : entry.kind === "TIP_ADJUST"
        ? content.tips
        : content.amount;
  return typeof found === "number" ? found : null;
}

/** An instant as the location's clock reads it: "14:05", with the date ("25 Nov 14:05") when it
 * is not on `day`. */
export function clockTime(instant: string, timezone: string, day: string): string {
  const at = new Date(instant);
  const time = at.toLocaleTimeString("en-GB", { timeZone: timezone, hour: "2-digit", minute: "2-digit" });
  if (dayIn(timezone, at) === day) return time;
  return `${at.toLocaleDateString("en-GB", { timeZone: timezone, day: "numeric", month: "short" })} ${time}`;
}
