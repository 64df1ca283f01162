// The same product tapped again raises its unsent line's quantity rather than adding a second
// "1 ×" line (docs/design.md §14, "Same line"). Pure: the check as the tablet shows it, so a
// line whose addition still waits in the outbox counts too (operations go in order).

import type { AddItemBody } from "../../shared/rules/modifiers";
import type { Order, OrderItem } from "../../shared/types";

/** Modifiers as compared: their ids, in any order (a special request's id is made on the
 * tablet for it, so a line with one is never the same as another tap). */
const modifierIds = (modifiers: readonly { modifierOptionId: string }[]) =>
  modifiers
    .map((modifier) => modifier.modifierOptionId)
    .sort()
    .join(" ");

const noted = (notes: string | null | undefined) => (notes ?? "").trim();

/** The unsent line of `order` that `body` would make again (same product, variant, modifiers,
 * notes, seat and course), or null: the tap adds a line of its own. */
export function sameLine(order: Order | null, body: AddItemBody): OrderItem | null {
  return (
    order?.items.find(
      (item) =>
        item.status === "PENDING" &&
        item.productId === body.productId &&
        (item.variantId ?? null) === (body.variantId ?? null) &&
        modifierIds(item.modifiers) === modifierIds(body.modifiers) &&
        noted(item.notes) === noted(body.notes) &&
        (item.seat ?? null) === (body.seat ?? null) &&
        (item.course ?? 1) === (body.course ?? 1),
    ) ?? null
  );
}
