// The sales report's headline figures (GET /api/reports/sales), in the order Today shows them.
// In a VAT-inclusive location the main one is net of the VAT inside the sales, labelled so, with
// the sales as charged (VAT included) beside it (docs/decisions.md, "netOfTax"); and what
// reloads a report that shows today.

import type { TaxMode } from "../../shared/types";
import { t } from "../messages";
import type { SalesReport } from "../types";

export interface Figure {
  name: string;
  value: string;
}

type Money = (amount: number) => string;

/** Eleven figures, the first the main one. VAT-inclusive, the sales as charged take the place of
 * the sales before discounts (those plus the discounts beside them). */
export function headlineFigures(report: SalesReport, taxMode: TaxMode, money: Money): Figure[] {
  const sales: Figure[] =
    taxMode === "INCLUSIVE"
      ? [
          { name: t("figure.netExclVat"), value: money(report.netOfTax) },
          { name: t("figure.grossInclVat"), value: money(report.netSales) },
        ]
      : [{ name: t("figure.netSales"), value: money(report.netSales) }];
  const inclusive = sales.length > 1;
  return [
    ...sales,
    { name: t("figure.orders"), value: String(report.orderCount) },
    { name: t("figure.averageCheck"), value: money(report.averageCheck) },
    { name: t("figure.covers"), value: String(report.covers) },
    { name: t("figure.tips"), value: money(report.tips) },
    { name: t("figure.collected"), value: money(report.totalCollected) },
    ...(inclusive ? [] : [{ name: t("figure.grossSales"), value: money(report.grossSales) }]),
    { name: t("figure.discounts"), value: money(report.discounts) },
    { name: t(inclusive ? "figure.vat" : "figure.tax"), value: money(report.tax) },
    { name: t("figure.refunds"), value: money(report.refunds) },
    { name: t("figure.voids"), value: `${report.voids.count} · ${money(report.voids.amount)}` },
  ];
}

// What moves the report's money or its open checks: a check opened, paid, completed, reopened,
// cancelled, refunded, merged or split. Items added to an open check move only its total, and
// would reload the report on every tap.
const REPORT_EVENTS = new Set([
  "order.created",
  "order.completed",
  "order.reopened",
  "order.cancelled",
  "order.refunded",
  "order.merged",
  "order.split",
  "payment.created",
]);

/** Whether an event from the stream changes a report that shows today. */
export const changesTheReport = (type: string): boolean => REPORT_EVENTS.has(type);
