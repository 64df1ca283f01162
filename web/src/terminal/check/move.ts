// What the Move sheet (MoveSheet.tsx) works out, kept pure: the lines that can move, where
// they can go (another open check of the location, or a free table where a check opens first),
// what moving leaves on this check, the checks that can be merged in, and a refusal in words.

import { ApiError } from "../../shared/api/client";
import type { Order, OrderItem, OrderSummary, Table } from "../../shared/types";
import { type IdNames, inWords } from "../problems";
import { whereOf } from "../names";
import { t } from "../messages";

/** Another open check, as the sheet names it: where it is, and its number. */
export interface OpenCheck {
  orderId: string;
  orderNumber: string;
  label: string;
}

/** Where chosen lines go: an open check, or a free table (a check is opened there first). Its
 * label names it alone (a check's number, a table's name): the sheet tells targets by it. */
export type Target = ({ kind: "check" } & OpenCheck) | { kind: "table"; tableId: string; label: string };

// "Table 2" before "Table 10", "#9" before "#10".
const naturally = new Intl.Collator(undefined, { numeric: true });

const isOpen = (order: Pick<OrderSummary, "status">) => order.status === "DRAFT" || order.status === "OPEN";

/** Every line still on the check moves whole; a voided one stays where it was voided. */
export function movableLines(order: Order): OrderItem[] {
  return order.items.filter((item) => item.status !== "VOIDED");
}

/** The location's other open checks: tables' first (by table name, as the floor shows
 * them), then the tabs, each by its number. */
export function otherChecks(orderId: string, listed: OrderSummary[]): OpenCheck[] {
  const tabLast = (order: OrderSummary) => Number(order.tableName === null);
  return listed
    .filter((order) => order.id !== orderId && isOpen(order))
    .sort(
      (a, b) =>
        tabLast(a) - tabLast(b) ||
        naturally.compare(a.tableName ?? "", b.tableName ?? "") ||
        naturally.compare(a.orderNumber, b.orderNumber),
    )
    .map((order) => ({
      orderId: order.id,
      orderNumber: order.orderNumber,
      label: t("terminal.move.target", { where: whereOf(order), number: order.orderNumber }),
    }));
}

/** Where lines can go: the other open checks, then the free tables. */
export function targets(orderId: string, listed: OrderSummary[], freeTables: Table[]): Target[] {
  return [
    ...otherChecks(orderId, listed).map((check): Target => ({ kind: "check", ...check })),
    ...freeTables.map((table): Target => ({
      kind: "table",
      tableId: table.id,
      label: t("terminal.move.freeTable", { table: table.name }),
    })),
  ];
}

/** The chosen lines that move (in the check's order; one gone from the check meanwhile is
 * left out), what they take (their line totals, before the discount, charges and tax that
 * follow them) and what stays of this check's lines, in cents. */
export function whatMoves(
  order: Order,
  chosen: ReadonlySet<string>,
): { itemIds: string[]; moving: number; left: number } {
  const lines = movableLines(order);
  const cents = (items: OrderItem[]) => items.reduce((sum, item) => sum + Math.round(item.total * 100), 0);
  const moving = lines.filter((item) => chosen.has(item.id));
  return { itemIds: moving.map((item) => item.id), moving: cents(moving), left: cents(lines) - cents(moving) };
}

/** The action's name: "Move 1 item", "Move 3 items". */
export function moveAction(count: number): string {
  return t("terminal.move.action", { count });
}

/** Why moving or merging cannot be done now (null: it can): both need the server, and this
 * check's own changes on it first (the lines named must be the server's). */
export function whyNot(online: boolean, waiting: number): string | null {
  if (!online) return t("terminal.move.offline");
  if (waiting > 0) return t("terminal.move.waiting");
  return null;
}

/** A refused move or merge in words a server reads mid-rush, its ids named by `names`. */
export function refusalInWords(failure: unknown, names?: IdNames): string {
  if (failure instanceof ApiError && failure.code === "would_overpay") {
    return t("terminal.move.overpaid");
  }
  return inWords(failure, names);
}
