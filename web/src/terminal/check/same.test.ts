import { describe, expect, it } from "vitest";
import { anItem, anOrder } from "../../shared/fixtures";
import type { AddItemBody } from "../../shared/rules/modifiers";
import type { Order } from "../../shared/types";
import { sameLine } from "./same";

const bacon = { modifierOptionId: "m-bacon", name: "Bacon", price: 2 };
const medium = { modifierOptionId: "m-medium", name: "Medium", price: 0 };
const burger = (extra = {}) =>
  anItem("b", "Burger", { productId: "p-burger", modifiers: [medium, bacon], notes: "No salt", ...extra });
const tap: AddItemBody = {
  productId: "p-burger",
  quantity: 1,
  modifiers: [{ modifierOptionId: "m-bacon" }, { modifierOptionId: "m-medium" }],
  notes: "No salt",
};

describe("sameLine", () => {
  it.each<[string, Order | null, AddItemBody, string | null]>([
    ["the same product, modifiers (in any order) and notes: that line", anOrder({ items: [burger()] }), tap, "b"],
    [
      "the first of the lines it matches",
      anOrder({ items: [anItem("x", "Fries"), burger(), burger({ id: "b2" })] }),
      tap,
      "b",
    ],
    ["another modifier: none", anOrder({ items: [burger({ modifiers: [medium] })] }), tap, null],
    ["another note: none", anOrder({ items: [burger({ notes: "Extra hot" })] }), tap, null],
    ["a note against none: none", anOrder({ items: [burger()] }), { ...tap, notes: undefined }, null],
    [
      "another variant: none",
      anOrder({ items: [burger({ variantId: "v-large" })] }),
      { ...tap, variantId: "v-regular" },
      null,
    ],
    [
      "the same variant: that line",
      anOrder({ items: [burger({ variantId: "v-large" })] }),
      { ...tap, variantId: "v-large" },
      "b",
    ],
    ["a sent line: none", anOrder({ items: [burger({ status: "SENT" })] }), tap, null],
    ["a voided line: none", anOrder({ items: [burger({ status: "VOIDED" })] }), tap, null],
    ["another product: none", anOrder({ items: [burger({ productId: "p-ribeye" })] }), tap, null],
    ["no check known yet: none", null, tap, null],
    ["another seat: none", anOrder({ items: [burger({ seat: 2 })] }), { ...tap, seat: 1 }, null],
    ["a seat against none: none", anOrder({ items: [burger()] }), { ...tap, seat: 1 }, null],
    [
      "the same seat and course: that line",
      anOrder({ items: [burger({ seat: 2, course: 2 })] }),
      { ...tap, seat: 2, course: 2 },
      "b",
    ],
    ["another course: none", anOrder({ items: [burger({ course: 2 })] }), tap, null],
  ])("%s", (_name, order, body, expected) => expect(sameLine(order, body)?.id ?? null).toBe(expected));
});
