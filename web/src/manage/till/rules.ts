// The till section's pure rules: a count's variance in words, which drawers a day shows and
// in which order, a drawer's movements summed, the X and Z figures as rows, and the journal's
// state and pages (docs/design.md §17, §18).

import type { Schemas } from "../../shared/api/client";
import { type Cents, toCents } from "../../shared/money";
import type { TaxMode } from "../../shared/types";
import { locale } from "../../shared/i18n";
import { withPercent } from "../../shared/totals";
import { dayIn } from "../today/dates";
import { paymentMethodName, t } from "../messages";

export type Drawer = Schemas["CashDrawerOut"];
export type Movement = Schemas["MovementOut"];
export type DayFigures = Schemas["XReportOut"] | Schemas["ZReportOut"];
export type JournalEntry = Schemas["JournalEntryOut"];
type Money = (cents: Cents) => string;

/** A count's variance (counted − expected) in words: "Short $2.00", "Over $0.50", "Even". */
export function varianceWords(variance: number, money: Money): string {
  const cents = toCents(variance);
  if (cents === 0) return t("till.variance.even");
  return t(cents < 0 ? "till.variance.short" : "till.variance.over", { amount: money(Math.abs(cents)) });
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
  const summed = (id: "cashSales" | "cashRefunds", found: { count: number; cents: Cents }, sign: number) => ({
    id,
    what: t(`till.movement.${id}`, { count: found.count }),
    detail: "",
    amount: money(sign * found.cents),
  });
  return [
    summed("cashSales", summary.cashSales, 1),
    summed("cashRefunds", summary.cashRefunds, -1),
    ...summary.byHand.map((movement) => ({
      id: movement.id,
      what: t(`till.movement.${movement.type}`),
      detail: [movement.reason, movement.staff.name, at(movement.createdAt)].filter(Boolean).join(" · "),
      amount:
        movement.type === "NO_SALE" ? "–" : money((movement.type === "PAY_OUT" ? -1 : 1) * toCents(movement.amount)),
    })),
  ];
}

/** A journal entry's kind in words ("Sale", "Tip adjusted"). */
export const kindWords = (kind: JournalEntry["kind"]): string => t(`till.kind.${kind}`);

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
  if (taxMode !== "INCLUSIVE") return [{ label: t("till.figure.netSales"), value: money(sales), total: true }];
  const vat = report.taxes.reduce((sum, tax) => sum + toCents(tax.tax), 0);
  const charges = toCents(report.serviceCharges);
  return [
    {
      label: t(charges === 0 ? "till.figure.netExclVat" : "till.figure.netAndChargesExclVat"),
      value: money(sales + charges - vat),
      total: true,
    },
    { label: t("till.figure.grossInclVat"), value: money(sales) },
  ];
}

/** An X's or a Z's figures, in the order the page shows them. */
export function figureRows(report: DayFigures, money: Money, taxMode: TaxMode = "EXCLUSIVE"): FigureRow[] {
  const cents = (amount: number) => money(toCents(amount));
  const rows: FigureRow[] = [
    { label: t("till.figure.orders"), value: new Intl.NumberFormat(locale()).format(report.orderCount) },
    ...salesRows(report, money, taxMode),
    ...report.taxes.map((tax) => ({
      label:
        tax.net === null
          ? t("till.figure.tax", { tax: withPercent(tax.name, tax.rate) })
          : t("till.figure.taxOn", { tax: withPercent(tax.name, tax.rate), net: cents(tax.net) }),
      value: cents(tax.tax),
    })),
    { label: t("till.figure.serviceCharges"), value: cents(report.serviceCharges) },
    { label: t("till.figure.tips"), value: cents(report.tips) },
    ...report.byPaymentMethod.map((paid) => ({
      label: paid.tips
        ? t("till.figure.paymentsTips", {
            method: paymentMethodName(paid.method),
            count: paid.count,
            tips: cents(paid.tips),
          })
        : t("till.figure.payments", { method: paymentMethodName(paid.method), count: paid.count }),
      value: cents(paid.amount),
    })),
    { label: t("till.figure.refunds", { count: report.refunds.count }), value: cents(report.refunds.amount) },
    { label: t("till.figure.voids", { count: report.voids.count }), value: cents(report.voids.amount) },
    { label: t("till.figure.discounts"), value: cents(report.discounts) },
    { label: t("till.figure.rounding"), value: cents(report.rounding) },
  ];
  if (report.unassignedCash !== 0) {
    rows.push({ label: t("till.figure.unassignedCash"), value: cents(report.unassignedCash) });
  }
  // A tab's card still held: not money taken, listed so someone closes the tab or lets it go.
  for (const held of report.heldCards) {
    const card = [held.cardBrand, held.cardLastFour].filter(Boolean).join(" ");
    rows.push({ label: t("till.figure.heldCard", { card }), value: cents(held.heldAmount) });
  }
  if ("grandTotal" in report) {
    rows.push({ label: t("till.figure.grandTotal"), value: cents(report.grandTotal), total: true });
  }
  return rows;
}

/** "Journal intact · 1,284 entries" or "Journal broken at entry 812". */
export function journalState(verification: Schemas["JournalVerification"]): string {
  if (!verification.ok) {
    return t("till.journal.broken", { entry: verification.firstBrokenSequence ?? verification.entries + 1 });
  }
  return t("till.journal.intact", { count: verification.entries });
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
  const shown = locale() === "en" ? "en-GB" : locale();
  const time = at.toLocaleTimeString(shown, { timeZone: timezone, hour: "2-digit", minute: "2-digit" });
  if (dayIn(timezone, at) === day) return time;
  return `${at.toLocaleDateString(shown, { timeZone: timezone, day: "numeric", month: "short" })} ${time}`;
}
