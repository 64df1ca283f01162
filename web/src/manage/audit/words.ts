// The audit log in words: its actions, and what an entry changed.

export const ACTIONS = [
  "order.item_voided",
  "order.item_partly_voided",
  "order.discount_applied",
  "order.cancelled",
  "order.reopened",
  "order.transferred",
  "order.tip_approved",
  "order.tip_adjusted",
  "order.refunded",
  "product.86d",
  "product.un86d",
  "product.price_changed",
  "product.stock_adjusted",
  "product.stock_counted",
  "staff.created",
  "staff.changed",
  "staff.pin_set",
  "staff.pin_locked",
  "token.created",
  "token.revoked",
  "device.paired",
  "device.revoked",
  "location.profile_set",
];
export const PAGE_SIZE = 25;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** "product.price_changed" → "Product: price changed". */
export function actionInWords(action: string): string {
  const [entity, what = ""] = action.split(".");
  const words = what
    .replace(/_/g, " ")
    .replace(/^86d$/, "86'd")
    .replace(/^un86d$/, "un-86'd");
  return `${entity.charAt(0).toUpperCase()}${entity.slice(1)}: ${words}`;
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
