// The round the guests build before sending it (docs/design.md §28): lines in integer cents, so
// the basket's total never drifts by a float's rounding, and the body the API takes.

import type { Schemas } from "../shared/api/client";
import type { Cents } from "../shared/money";
import { addItemBody, type Selection, shownLine } from "../shared/rules/modifiers";
import { choosable, type GuestProduct, MAX_QUANTITY } from "./choice";

export type GuestItem = Schemas["GuestItemIn"];

export interface BasketLine {
  /** The line in the basket (a product with the same choices and note is one line). */
  key: string;
  name: string;
  /** The options chosen, by name. */
  options: string[];
  notes: string;
  unitPrice: Cents;
  quantity: number;
  item: GuestItem;
}

/** A line for `quantity` of `product` as chosen, with its note for the kitchen. */
export function basketLine(product: GuestProduct, selection: Selection, quantity: number, notes = ""): BasketLine {
  const rules = choosable(product);
  const shown = shownLine(rules, selection);
  const body = addItemBody(rules, selection, quantity, notes);
  const item: GuestItem = { productId: body.productId, quantity: body.quantity };
  if (body.variantId) item.variantId = body.variantId;
  if (body.modifiers.length) item.modifiers = body.modifiers.map(({ modifierOptionId }) => ({ modifierOptionId }));
  if (body.notes) item.notes = body.notes;
  const key = JSON.stringify({ ...item, quantity: 0 });
  return {
    key,
    name: shown.name,
    options: shown.modifiers.map((option) => option.name),
    notes: item.notes ?? "",
    unitPrice: shown.unitPrice,
    quantity,
    item,
  };
}

/** The basket with `line` in it: the same choice again adds to its line (at most 99). */
export function addToBasket(lines: readonly BasketLine[], line: BasketLine): BasketLine[] {
  const same = lines.find((kept) => kept.key === line.key);
  if (!same) return [...lines, line];
  return changeQuantity(lines, line.key, line.quantity);
}

/** One line `by` more (or fewer); at 0 it leaves the basket. */
export function changeQuantity(lines: readonly BasketLine[], key: string, by: number): BasketLine[] {
  return lines.flatMap((line) => {
    if (line.key !== key) return [line];
    const quantity = Math.min(line.quantity + by, MAX_QUANTITY);
    return quantity > 0 ? [{ ...line, quantity, item: { ...line.item, quantity } }] : [];
  });
}

/** How many items the basket holds and what they come to. */
export function basketTotals(lines: readonly BasketLine[]): { count: number; total: Cents } {
  return lines.reduce(
    (sum, line) => ({ count: sum.count + line.quantity, total: sum.total + line.unitPrice * line.quantity }),
    { count: 0, total: 0 },
  );
}

/** The round's items, as POST /api/guest/visits/{visitId}/orders takes them. */
export const roundItems = (lines: readonly BasketLine[]): GuestItem[] => lines.map((line) => line.item);
