// The audit log in words: its actions, what an entry concerns and what it changed.

import type { Schemas } from "../../shared/api/client";

type AuditEntry = Schemas["AuditEntryOut"];

type AuditAction = Schemas["AuditAction"];

/** Every action the server writes, in words. Keyed by the OpenAPI's enum (make web-schema): an
 * action added on the server fails the type check until it has its words here. */
export const ACTION_WORDS: Record<AuditAction, string> = {
  "order.item_voided": "Item voided",
  "order.item_partly_voided": "Item partly voided",
  "order.discount_applied": "Discount applied",
  "order.cancelled": "Check cancelled",
  "order.reopened": "Check reopened",
  "order.transferred": "Check moved to another table",
  "order.split": "Check split",
  "order.items_moved": "Items moved between checks",
  "order.merged": "Checks merged",
  "order.tip_approved": "Large tip approved",
  "order.tip_adjusted": "Tip adjusted",
  "order.refunded": "Refund",
  "order.service_charge_waived": "Service charge waived",
  "product.86d": "Product 86'd",
  "product.un86d": "Product back (un-86'd)",
  "product.price_changed": "Price changed",
  "product.stock_adjusted": "Stock adjusted",
  "product.stock_counted": "Stock counted",
  "staff.created": "Staff created",
  "staff.changed": "Staff changed",
  "staff.pin_set": "PIN set",
  "staff.password_set": "Password set",
  "staff.pin_locked": "PIN locked out",
  "staff.pin_wrong": "Wrong PIN",
  "token.created": "Token created",
  "token.revoked": "Token revoked",
  "device.paired": "Device paired",
  "device.revoked": "Device revoked",
  "location.profile_set": "Location settings changed",
  "cash_drawer.opened": "Drawer opened",
  "cash_drawer.movement": "Drawer pay-in, pay-out or no sale",
  "cash_drawer.closed": "Drawer counted and closed",
};
export const ACTIONS = Object.keys(ACTION_WORDS) as AuditAction[];
export const PAGE_SIZE = 25;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An action in words; one the screen does not know yet (a newer server) by its code. */
export function actionInWords(action: string): string {
  return ACTION_WORDS[action as AuditAction] ?? action;
}

/** What the entry concerns, as people know it: "Check #1042 · Table 4", "Marco", "Bar tablet". */
export function subjectInWords(
  entry: Pick<AuditEntry, "orderNumber" | "tableName" | "personName" | "deviceName">,
): string {
  const check = entry.orderNumber ? `Check ${entry.orderNumber}` : null;
  return [check, entry.tableName, entry.personName, entry.deviceName].filter(Boolean).join(" · ");
}

/** What changed, briefly: the fields whose values differ, "field: before → after". */
export function changeInWords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  time: (instant: Date) => string = (instant) => instant.toISOString(),
): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (value: unknown) =>
    value === undefined || value === null
      ? "—"
      : typeof value === "string" && ISO_INSTANT.test(value)
        ? time(new Date(value))
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
  return keys
    .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key]))
    .map((key) =>
      before && key in before
        ? `${key}: ${show(before[key])} → ${show(after?.[key])}`
        : `${key}: ${show(after?.[key])}`,
    )
    .join("; ");
}
