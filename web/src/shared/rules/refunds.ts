// A line's share of what was charged, as the server counts it for a refund by line
// (orders/domain/refunds.py `line_share`): what a line refund's approval is asked up to.
import { type Cents, toCents } from "../money";
import type { OrderItem, TaxMode } from "../types";

export function lineShare(item: Pick<OrderItem, "total" | "discountAmount" | "taxAmount">, taxMode: TaxMode): Cents {
  const onTop = taxMode === "EXCLUSIVE" ? toCents(item.taxAmount) : 0;
  return toCents(item.total) - toCents(item.discountAmount) + onTop;
}
