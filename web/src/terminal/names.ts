// A customer's name on a bar tab or a takeout (docs/design.md §5, "Names"): as the tablet
// keeps it (trimmed, blank is none; the server holds the same rule) and as the floor and the
// check show it ("Bar tab · Sam"); and a check's guests as they show it.

import { t } from "./messages";
import type { Order, OrderType } from "../shared/types";

/** The longest name the server keeps, after trimming. */
export const MAX_CUSTOMER_NAME = 60;

/** The name as typed, as the order keeps it: trimmed; blank is no name. */
export function customerNameOf(typed: string): string | null {
  return typed.trim() || null;
}

/** What kind of check it is, with its customer's name when it has one. */
export function tabLabel(orderType: OrderType, customerName: string | null | undefined): string {
  const kind =
    orderType === "BAR_TAB"
      ? t("terminal.where.barTab")
      : orderType === "DELIVERY"
        ? t("terminal.where.delivery")
        : t("terminal.where.takeout");
  return customerName ? t("terminal.where.named", { where: kind, name: customerName }) : kind;
}

/** A check's guests in words: "1 guest", "4 guests", and "0 guests" for a check a split left
 * none (docs/design.md §14); null: none recorded (a tab, a takeout, a tab moved to a table). */
export function guestsOf(count: number): string;
export function guestsOf(count: number | null | undefined): string | null;
export function guestsOf(count: number | null | undefined): string | null {
  if (count === null || count === undefined) return null;
  return t("terminal.guests", { count });
}

/** Where a check is: its table ("Table 4", with the customer's name when it has one), or its
 * kind of tab. */
export function whereOf(order: Pick<Order, "tableName" | "customerName" | "orderType">): string {
  if (!order.tableName) return tabLabel(order.orderType, order.customerName);
  const table = t("terminal.where.table", { table: order.tableName });
  return order.customerName ? t("terminal.where.named", { where: table, name: order.customerName }) : table;
}
