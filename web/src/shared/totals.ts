// An order's totals as the check and the on-screen receipt list them, from the server's own
// figures (docs/design.md §15): nothing here computes tax or rounding, it only orders and names
// the lines. Tax on top of prices (EXCLUSIVE): subtotal, discount, service charges, tax, total.
// Prices with VAT inside (INCLUSIVE): subtotal, discount, service charges, total, then what the
// total includes, "incl. VAT 20%", per rate.

import { t } from "./messages";
import { type Cents, percentOf, toCents } from "./money";
import type { Order, OrderServiceCharge, OrderTax } from "./types";

export type TotalKind = "subtotal" | "discount" | "charge" | "tax" | "total" | "included";

export interface TotalLine {
  kind: TotalKind;
  label: string;
  /** Negative for the discount. */
  cents: Cents;
  /** The service charge a "charge" line is. */
  charge?: OrderServiceCharge;
}

/** "20%", "12.5%", "8.875%". */
export function percentLabel(rate: number): string {
  return `${percentOf(rate)}%`;
}

/** A name with its rate's percentage, unless the name says it already: "Service 12.5%". */
export function withPercent(name: string, rate: number): string {
  const percent = percentLabel(rate);
  return name.includes(percent) ? name : `${name} ${percent}`;
}

/** A service charge's name, with its percentage when it is a rate: "Service 12.5%", "Cover
 * charge" (a set amount). */
export function chargeLabel(charge: Pick<OrderServiceCharge, "name" | "rate">): string {
  return charge.rate === null ? charge.name : withPercent(charge.name, charge.rate);
}

/** A tax rate as a line names it: its percentage, or its name as well when another rate of the
 * order has the same percentage (a food and a drinks rate both at 10%). */
function rateLabel(tax: OrderTax, taxes: OrderTax[]): string {
  const twin = taxes.some((other) => other !== tax && other.rate === tax.rate);
  return twin ? withPercent(tax.name, tax.rate) : percentLabel(tax.rate);
}

export function totalLines(order: Order): TotalLine[] {
  const lines: TotalLine[] = [{ kind: "subtotal", label: t("totals.subtotal"), cents: toCents(order.subtotal) }];
  if (order.discountAmount > 0) {
    lines.push({ kind: "discount", label: t("totals.discount"), cents: -toCents(order.discountAmount) });
  }
  for (const charge of order.serviceCharges) {
    lines.push({ kind: "charge", label: chargeLabel(charge), cents: toCents(charge.amount), charge });
  }
  const taxes = order.taxes.filter((tax) => tax.taxAmount !== 0);
  const total: TotalLine = { kind: "total", label: t("totals.total"), cents: toCents(order.total) };
  if (order.taxMode === "INCLUSIVE") {
    lines.push(total);
    for (const tax of taxes) {
      lines.push({
        kind: "included",
        label: t("totals.includedVat", { rate: rateLabel(tax, taxes) }),
        cents: toCents(tax.taxAmount),
      });
    }
    return lines;
  }
  if (taxes.length > 1) {
    for (const tax of taxes) {
      lines.push({
        kind: "tax",
        label: t("totals.taxAt", { rate: rateLabel(tax, taxes) }),
        cents: toCents(tax.taxAmount),
      });
    }
  } else {
    lines.push({ kind: "tax", label: t("totals.tax"), cents: toCents(order.taxAmount) });
  }
  lines.push(total);
  return lines;
}

/** A VAT receipt's block: per rate, its rate, net, tax and gross (the EU's legal minimum). */
export interface VatRow {
  label: string;
  net: Cents;
  tax: Cents;
  gross: Cents;
}

export function vatRows(order: Order): VatRow[] {
  return order.taxes.map((tax) => ({
    label: rateLabel(tax, order.taxes),
    net: toCents(tax.netAmount),
    tax: toCents(tax.taxAmount),
    gross: toCents(tax.grossAmount),
  }));
}
