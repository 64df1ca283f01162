// Errors and changes in words a server reads mid-rush, never a status code alone.

import { ApiError, Unreachable } from "./api/client";
import { t } from "./messages";
import { formatMoney, toCents } from "./money";
import type { Order } from "./types";

/** What a screen calls an id (null: it does not know it). */
export type IdNames = (id: string) => string | null;

const NO_NAMES: IdNames = () => null;
const ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
// An id with the kind of thing it is before it: "order item 3f…", "order_id=3f…", "table 3f…".
const KINDS_BEFORE =
  "order item|service charge on this order|service charge|cash drawer|kitchen ticket|kitchen station|staff member";
const NAMED_ID = new RegExp(`(?:\\b(${KINDS_BEFORE}|[a-z]+)(?:_id=| ))?\\b(${ID})\\b`, "gi");

/** Each kind of thing, said without its id. */
const KINDS: Record<string, Parameters<typeof t>[0]> = {
  order: "kind.order",
  "order item": "kind.line",
  item: "kind.line",
  product: "kind.product",
  variant: "kind.variant",
  table: "kind.table",
  payment: "kind.payment",
  refund: "kind.refund",
  "service charge": "kind.serviceCharge",
  "service charge on this order": "kind.serviceCharge",
  "cash drawer": "kind.drawer",
  drawer: "kind.drawer",
  "kitchen ticket": "kind.ticket",
  "kitchen station": "kind.station",
  station: "kind.station",
  "staff member": "kind.staff",
  staff: "kind.staff",
  device: "kind.device",
  location: "kind.location",
};

/** `words` with every id in them named (or said as the kind of thing it is): never a raw id. */
export function withoutIds(words: string, names: IdNames = NO_NAMES): string {
  const named = words.replace(NAMED_ID, (_, kind: string | undefined, id: string) => {
    const name = names(id);
    if (name) return name;
    const known = kind && KINDS[kind.toLowerCase()];
    return known ? t(known) : kind || t("kind.unknown");
  });
  return named === words ? words : named.charAt(0).toUpperCase() + named.slice(1);
}

/** A failure in words, with no raw id: each named from `names` (what the screen shows), else
 * said as the kind of thing it is. */
export function inWords(error: unknown, names: IdNames = NO_NAMES): string {
  if (error instanceof ApiError) return withoutIds(error.detail, names);
  if (error instanceof Unreachable) return t("problem.unreachable");
  return t("problem.unexpected");
}

/** A PIN refused (a sign-in's or an approval's), in words. */
export function refusalInWords(failure: unknown, names: IdNames = NO_NAMES): string {
  return failure instanceof ApiError && failure.status === 401
    ? t("problem.wrongPin")
    : failure instanceof Unreachable
      ? t("problem.needsServer")
      : inWords(failure, names);
}

/** What another terminal changed between two versions of one order, in a sentence. */
export function whatChanged(before: Order, after: Order, currency = "USD"): string {
  return t("changed.sentence", { number: after.orderNumber, changes: changesIn(before, after, currency) });
}

/** The same, as a phrase ("added 1 Latte, Salad is now sent"). */
export function changesIn(before: Order, after: Order, currency = "USD"): string {
  const changes: string[] = [];
  const earlier = new Map(before.items.map((item) => [item.id, item]));
  for (const item of after.items) {
    const was = earlier.get(item.id);
    const { name, quantity, status } = item;
    if (!was) changes.push(t("changed.added", { quantity, name }));
    else if (was.status !== status && status === "VOIDED") changes.push(t("changed.voided", { name }));
    else if (was.quantity !== quantity) changes.push(t("changed.quantity", { name, quantity }));
    else if (was.status !== status) changes.push(t("changed.itemStatus", { name, status }));
  }
  if (before.discountAmount !== after.discountAmount) {
    changes.push(t("changed.discount", { amount: formatMoney(toCents(after.discountAmount), currency) }));
  }
  if (before.paidAmount !== after.paidAmount) {
    const amount = formatMoney(toCents(after.paidAmount - before.paidAmount), currency);
    changes.push(t("changed.payment", { amount }));
  }
  if (before.tableId !== after.tableId) {
    changes.push(after.tableName ? t("changed.moved", { table: after.tableName }) : t("changed.movedElsewhere"));
  }
  if (before.status !== after.status) changes.push(t("changed.orderStatus", { status: after.status }));
  return changes.length ? changes.join(t("changed.separator")) : t("changed.nothing");
}

/** "Sent to Till printer": the printer's name, without saying "printer" twice. */
export function sentTo(name: string): string {
  const printer = name.trim();
  return /printer$/i.test(printer) ? t("receipt.sentTo", { printer }) : t("receipt.sentToPrinter", { printer });
}
