// Errors and changes in words a server reads mid-rush, never a status code alone.

import { ApiError, Unreachable } from "./api/client";
import { formatMoney, toCents } from "./money";
import type { Order } from "./types";

export function inWords(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Unreachable) return "The server cannot be reached.";
  return "Something went wrong on this screen; try again.";
}

/** A PIN refused (a sign-in's or an approval's), in words. */
export function refusalInWords(failure: unknown): string {
  return failure instanceof ApiError && failure.status === 401
    ? "Wrong PIN; try again."
    : failure instanceof Unreachable
      ? "This needs the server, and it can't be reached: try again once the network is back."
      : inWords(failure);
}

/** What another terminal changed between two versions of one order, in a sentence. */
export function whatChanged(before: Order, after: Order, currency = "USD"): string {
  return `Check ${after.orderNumber} was changed on another terminal: ${changesIn(before, after, currency)}.`;
}

/** The same, as a phrase ("added 1 Latte, Salad is now sent"). */
export function changesIn(before: Order, after: Order, currency = "USD"): string {
  const changes: string[] = [];
  const earlier = new Map(before.items.map((item) => [item.id, item]));
  for (const item of after.items) {
    const was = earlier.get(item.id);
    if (!was) changes.push(`added ${item.quantity} ${item.name}`);
    else if (was.status !== item.status && item.status === "VOIDED") changes.push(`voided ${item.name}`);
    else if (was.quantity !== item.quantity) changes.push(`changed ${item.name} to ${item.quantity}`);
    else if (was.status !== item.status) changes.push(`${item.name} is now ${item.status.toLowerCase()}`);
  }
  if (before.discountAmount !== after.discountAmount) {
    changes.push(`set a discount of ${formatMoney(toCents(after.discountAmount), currency)}`);
  }
  if (before.paidAmount !== after.paidAmount) {
    changes.push(`took a payment (${formatMoney(toCents(after.paidAmount - before.paidAmount), currency)})`);
  }
  if (before.tableId !== after.tableId) changes.push(`moved it to ${after.tableName ?? "another table"}`);
  if (before.status !== after.status) changes.push(`it is now ${after.status.toLowerCase()}`);
  return changes.length ? changes.join(", ") : "changed it";
}
