// The audit log in words: its actions, what an entry concerns and what it changed.

import type { Schemas } from "../../shared/api/client";
import { t } from "../messages";

type AuditEntry = Schemas["AuditEntryOut"];

type AuditAction = Schemas["AuditAction"];

/** Every action the server writes, its words' message. Keyed by the OpenAPI's enum (make web-schema): an
 * action added on the server fails the type check until it has its words here. */
export const ACTION_WORDS: Record<AuditAction, `audit.action.${AuditAction}`> = {
  "order.item_voided": "audit.action.order.item_voided",
  "order.item_partly_voided": "audit.action.order.item_partly_voided",
  "order.discount_applied": "audit.action.order.discount_applied",
  "order.cancelled": "audit.action.order.cancelled",
  "order.reopened": "audit.action.order.reopened",
  "order.transferred": "audit.action.order.transferred",
  "order.split": "audit.action.order.split",
  "order.items_moved": "audit.action.order.items_moved",
  "order.merged": "audit.action.order.merged",
  "order.tip_approved": "audit.action.order.tip_approved",
  "order.tip_adjusted": "audit.action.order.tip_adjusted",
  "order.refunded": "audit.action.order.refunded",
  "order.service_charge_waived": "audit.action.order.service_charge_waived",
  "product.86d": "audit.action.product.86d",
  "product.un86d": "audit.action.product.un86d",
  "product.price_changed": "audit.action.product.price_changed",
  "product.stock_adjusted": "audit.action.product.stock_adjusted",
  "product.stock_counted": "audit.action.product.stock_counted",
  "staff.created": "audit.action.staff.created",
  "staff.changed": "audit.action.staff.changed",
  "staff.pin_set": "audit.action.staff.pin_set",
  "staff.password_set": "audit.action.staff.password_set",
  "staff.pin_locked": "audit.action.staff.pin_locked",
  "staff.pin_wrong": "audit.action.staff.pin_wrong",
  "token.created": "audit.action.token.created",
  "token.revoked": "audit.action.token.revoked",
  "device.paired": "audit.action.device.paired",
  "device.revoked": "audit.action.device.revoked",
  "location.profile_set": "audit.action.location.profile_set",
  "cash_drawer.opened": "audit.action.cash_drawer.opened",
  "cash_drawer.movement": "audit.action.cash_drawer.movement",
  "cash_drawer.closed": "audit.action.cash_drawer.closed",
};
export const ACTIONS = Object.keys(ACTION_WORDS) as AuditAction[];
export const PAGE_SIZE = 25;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An action in words; one the screen does not know yet (a newer server) by its code. */
export function actionInWords(action: string): string {
  const words = ACTION_WORDS[action as AuditAction];
  return words ? t(words) : action;
}

/** What the entry concerns, as people know it: "Check #1042 · Table 4", "Marco", "Bar tablet". */
export function subjectInWords(
  entry: Pick<AuditEntry, "orderNumber" | "tableName" | "personName" | "deviceName">,
): string {
  const check = entry.orderNumber ? t("audit.check", { number: entry.orderNumber }) : null;
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
