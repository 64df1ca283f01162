// The guests' phone's pure rules: why a product cannot be added yet, the basket in integer
// cents, the language shown, and which visit a load continues.
import { describe, expect, it } from "vitest";
import { ApiError } from "../shared/api/client";
import { type Selection, toggleOption } from "../shared/rules/modifiers";
import { addToBasket, basketLine, basketTotals, changeQuantity, roundItems } from "./basket";
import { choosable, firstChoice, type GuestProduct, whyNotAdd } from "./choice";
import { guestLanguage } from "./language";
import { guestCodeFrom, openVisit, type Visit } from "./visit";

const option = (id: string, price = 0, soldOut = false) => ({ modifierOptionId: id, name: id, price, soldOut });

function product(overrides: Partial<GuestProduct> = {}): GuestProduct {
  return {
    id: "burger",
    name: "Burger",
    description: null,
    imageUrl: null,
    price: 14.5,
    allergens: [],
    soldOut: false,
    variants: [],
    modifierGroups: [
      { name: "Temperature", minSelections: 1, maxSelections: 1, options: [option("rare"), option("medium")] },
      {
        name: "Extras",
        minSelections: 0,
        maxSelections: 2,
        options: [option("bacon", 2), option("cheese", 1.5), option("egg", 1.5)],
      },
    ],
    ...overrides,
  };
}

/** The selection with each of `picks` ("group place:option id") tapped in turn. */
function picked(of: GuestProduct, ...picks: string[]): Selection {
  const groups = choosable(of).modifierGroups;
  return picks.reduce((selection, pick) => {
    const [place, id] = pick.split(":");
    return toggleOption(selection, groups[Number(place)], id);
  }, firstChoice(of));
}

describe("why Add is not possible yet", () => {
  const sized = product({
    modifierGroups: [],
    variants: [
      { id: "regular", name: "Regular", price: 4 },
      { id: "large", name: "Large", price: 5.25 },
    ],
  });
  const twoToThree = product({
    modifierGroups: [
      { name: "Sides", minSelections: 2, maxSelections: 3, options: ["a", "b", "c", "d"].map((id) => option(id)) },
    ],
  });
  it.each([
    ["a required group left empty", product(), [], 1, "Temperature: Choose 1 more"],
    ["a required group chosen", product(), ["0:rare"], 1, null],
    ["a choose-1 tapped twice swaps", product(), ["0:rare", "0:medium"], 1, null],
    ["a choose-1 tapped off again", product(), ["0:rare", "0:rare"], 1, "Temperature: Choose 1 more"],
    ["optional extras up to their max", product(), ["0:rare", "1:bacon", "1:cheese"], 1, null],
    ["a third extra over the max is not taken", product(), ["0:rare", "1:bacon", "1:cheese", "1:egg"], 1, null],
    ["a group of 2 to 3 with one", twoToThree, ["0:a"], 1, "Sides: Choose 1 more"],
    ["a group of 2 to 3 with none", twoToThree, [], 1, "Sides: Choose 2 more"],
    ["a group of 2 to 3 with three", twoToThree, ["0:a", "0:b", "0:c"], 1, null],
    ["a sold-out product", product({ soldOut: true, modifierGroups: [] }), [], 1, "Sold out for now"],
    ["a product with sizes opens on the first", sized, [], 1, null],
    ["no quantity", product({ modifierGroups: [] }), [], 0, "Choose how many, 1 to 99"],
    ["too many", product({ modifierGroups: [] }), [], 100, "Choose how many, 1 to 99"],
    ["99", product({ modifierGroups: [] }), [], 99, null],
  ])("%s", (_, of, picks, quantity, why) => {
    expect(whyNotAdd(of, picked(of, ...picks), quantity)).toBe(why);
  });

  it("asks for a size when none is picked", () => {
    expect(whyNotAdd(sized, { ...firstChoice(sized), variantId: null }, 1)).toBe("Choose a size");
  });

  it("never picks a sold-out option", () => {
    const of = product({
      modifierGroups: [{ name: "Temperature", minSelections: 1, maxSelections: 1, options: [option("rare", 0, true)] }],
    });
    expect(whyNotAdd(of, picked(of, "0:rare"), 1)).toBe("Temperature: Choose 1 more");
  });
});

describe("the basket", () => {
  it("counts items and sums in integer cents", () => {
    const burger = basketLine(product(), picked(product(), "0:rare", "1:bacon"), 2, " no onions ");
    const lemonade = basketLine(
      product({ id: "lemonade", name: "Lemonade", price: 3.35, modifierGroups: [] }),
      firstChoice(product({ modifierGroups: [] })),
      3,
    );
    const lines = addToBasket(addToBasket([], burger), lemonade);
    // 2 × 16.50 + 3 × 3.35: 33.00 + 10.05, no float's 43.050000000000004.
    expect(basketTotals(lines)).toEqual({ count: 5, total: 4305 });
    expect(burger.options).toEqual(["rare", "bacon"]);
    expect(roundItems(lines)).toEqual([
      {
        productId: "burger",
        quantity: 2,
        modifiers: [{ modifierOptionId: "rare" }, { modifierOptionId: "bacon" }],
        notes: "no onions",
      },
      { productId: "lemonade", quantity: 3 },
    ]);
  });

  it("adds the same choice to its line, and another choice as a line of its own", () => {
    const rare = basketLine(product(), picked(product(), "0:rare"), 1);
    const medium = basketLine(product(), picked(product(), "0:medium"), 1);
    const lines = addToBasket(addToBasket(addToBasket([], rare), rare), medium);
    expect(lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(lines[0].item.quantity).toBe(2);
  });

  it("takes one more up to 99 and drops a line at none", () => {
    const line = basketLine(product(), picked(product(), "0:rare"), 98);
    expect(changeQuantity([line], line.key, 5)[0].quantity).toBe(99);
    expect(changeQuantity([{ ...line, quantity: 1 }], line.key, -1)).toEqual([]);
  });

  it("orders a size by its variant at its price", () => {
    const latte = product({ id: "latte", modifierGroups: [], variants: [{ id: "large", name: "Large", price: 5.25 }] });
    const line = basketLine(latte, firstChoice(latte), 2);
    expect(line.item).toEqual({ productId: "latte", variantId: "large", quantity: 2 });
    expect(line.name).toBe("Burger (Large)");
    expect(basketTotals([line]).total).toBe(1050);
  });
});

describe("the language shown", () => {
  it.each([
    [null, ["de-AT", "en"], "fr", "de"],
    [null, ["pt-BR", "it"], "fr", "it"],
    [null, ["pt-BR"], "fr", "fr"],
    [null, ["pt-BR"], null, "en"],
    [null, [], "ar", "ar"],
    ["es", ["de"], "fr", "es"],
    ["xx", ["AR-EG"], "fr", "ar"],
  ])("picked %s, phone %j, restaurant %s: %s", (pickedOne, phone, restaurant, shown) => {
    expect(guestLanguage(pickedOne, phone, restaurant)).toBe(shown);
  });
});

describe("the visit a load opens", () => {
  const visit = (id: string) => ({ id }) as Visit;
  function kept(entries: Record<string, string> = {}) {
    const map = new Map(Object.entries(entries));
    return {
      map,
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    };
  }
  const KEY = "brigade.guest.visit.abc";

  it("reads the table's code from the address", () => {
    expect(guestCodeFrom("/t/Ab_c-9")).toBe("Ab_c-9");
    expect(guestCodeFrom("/t/")).toBeNull();
    expect(guestCodeFrom("/t/a/b")).toBeNull();
  });

  it("continues the visit kept for the code", async () => {
    let started = 0;
    const found = await openVisit(
      "abc",
      kept({ [KEY]: "v1" }),
      async () => visit(`new${++started}`),
      async (id) => visit(id),
    );
    expect(found.id).toBe("v1");
    expect(started).toBe(0);
  });

  it.each([410, 404])("starts a new one, once, when the kept one answers %i", async (status) => {
    const storage = kept({ [KEY]: "old" });
    let started = 0;
    const found = await openVisit(
      "abc",
      storage,
      async () => visit(`new${++started}`),
      async () => {
        throw new ApiError(status, "visit_ended", "ended");
      },
    );
    expect(found.id).toBe("new1");
    expect(storage.map.get(KEY)).toBe("new1");
  });

  it("keeps the visit when the server cannot tell", async () => {
    const storage = kept({ [KEY]: "v1" });
    const failing = openVisit(
      "abc",
      storage,
      async () => visit("new"),
      async () => {
        throw new ApiError(500, "error", "broken");
      },
    );
    await expect(failing).rejects.toThrow("broken");
    expect(storage.map.get(KEY)).toBe("v1");
  });
});
