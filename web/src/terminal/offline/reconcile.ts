// Reconciliation (docs/design.md §16): what a check shows is the server's order as last
// answered, with the tablet's operations still waiting made on top of it, in order. Every
// operation is idempotent on an order that already holds it (an item or payment by its id; a
// quantity, note, discount set rather than added), so an answer that already holds some of
// them, because it was lost and read again, never shows them twice.

import type { Order } from "../../shared/types";
import { applyOperation, type Operation } from "./operations";

export interface Waiting {
  op: Operation;
  /** When it was tapped (ISO): the time a line made on the tablet shows. */
  madeAt: string;
}

/** The order `orderId` as the tablet shows it: `server` (null: never answered) and `waiting`
 * made on top, the operations for other orders left out. */
export function reconcile(server: Order | null, waiting: readonly Waiting[], orderId: string): Order | null {
  let order = server;
  for (const { op, madeAt } of waiting) {
    if (op.orderId === orderId) order = applyOperation(order, op, madeAt);
  }
  return order;
}

/** The version a waiting operation is made against once the server answered one of the
 * tablet's own: the answer's, when the operation was made against the version the answered
 * one was sent with. So the tablet's own earlier operations never make a later one look
 * stale; only a version someone else moved does. */
export function rebased(against: number | null, sentWith: number | null, answered: number): number | null {
  return against === sentWith ? answered : against;
}
