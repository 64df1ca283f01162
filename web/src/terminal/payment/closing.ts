// What happens once a payment is answered (docs/decisions.md, "The terminal"): a check the
// server completed by itself, with no change to give, closes and the floor shows with a short
// line saying it was paid; change to give shows the receipt summary (the person must see it);
// a check left open keeps the Complete step.

import type { Cents } from "../../shared/money";
import { toCents } from "../../shared/money";
import type { Order } from "../../shared/types";
import { t } from "../messages";

/** Whether the payment sheet and the check close by themselves after a payment: the order is
 * COMPLETED and there is no change to hand over. */
export function closesAfterPayment(order: Order | null, change: Cents | null): boolean {
  return order?.status === "COMPLETED" && !change;
}

/** The line the floor shows for a check that closed itself: "Check #1001 paid · $12.40 cash",
 * what its payments took (tips included) and by which methods, in the order they were used. */
export function paidWords(order: Order, money: (cents: Cents) => string): string {
  const taken = order.payments.filter((payment) => payment.status === "COMPLETED");
  const cents = taken.reduce((sum, payment) => sum + toCents(payment.amount) + toCents(payment.tipAmount), 0);
  const methods = [...new Set(taken.map((payment) => t("terminal.paid.method", { method: payment.paymentMethod })))];
  const paid = { number: order.orderNumber, amount: money(cents) };
  if (!methods.length) return t("terminal.paid.line", paid);
  return t("terminal.paid.lineHow", { ...paid, how: methods.reduce((a, b) => t("terminal.paid.and", { a, b })) });
}
