// Cancelling a check from the terminal (docs/design.md §14, "Close it"): what the sheet says
// and whether a manager must approve it. A server cancels a check nothing of which was sent
// or paid; past that, a manager (their PIN on the spot, for that one check).

import { type Cents, toCents } from "../../shared/money";
import type { Order, Role } from "../../shared/types";
import { t } from "../messages";

/** The reasons offered; the one picked goes to the server as the cancellation's reason. */
export const cancelReasons = () => [
  t("terminal.cancel.seatedByMistake"),
  t("terminal.cancel.guestsLeft"),
  t("terminal.cancel.duplicate"),
];

const SENT = new Set(["SENT", "PREPARING", "READY", "SERVED"]);

/** What the guests paid that the cancellation gives back (amounts and tips), in cents. */
export function refundOnCancel(order: Order): Cents {
  return order.payments
    .filter((payment) => payment.status === "COMPLETED")
    .reduce((sum, payment) => sum + toCents(payment.amount) + toCents(payment.tipAmount), 0);
}

/** Why a manager must approve cancelling `order` when `role` is signed in; null: no need. */
export function whyManager(order: Order, role: Role): string | null {
  if (role === "MANAGER" || role === "ADMIN") return null;
  const sent = order.items.some((item) => SENT.has(item.status));
  const paid = refundOnCancel(order) > 0;
  if (sent && paid) return t("terminal.cancel.whySentPaid");
  if (sent) return t("terminal.cancel.whySent");
  if (paid) return t("terminal.cancel.whyPaid");
  return null;
}
