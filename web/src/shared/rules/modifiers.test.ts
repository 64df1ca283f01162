import { describe, expect, it } from "vitest";
import {
  addItemBody,
  addRequest,
  canAdd,
  canPick,
  chooseVariant,
  type ChoosableProduct,
  type ModifierGroup,
  needsChoosing,
  nothingChosen,
  problems,
  removeRequest,
  lineName,
  ruleInWords,
  toggleOption,
  unitPrice,
} from "./modifiers";

const option = (id: string, price = 0, is86d = false) => ({
  modifierOptionId: id,
  name: id,
  price,
  is86d,
});

const temperature: ModifierGroup = {
  id: "temp",
  name: "Temperature",
  minSelections: 1,
  maxSelections: 1,
  options: [option("rare"), option("medium"), option("well")],
};

const extras: ModifierGroup = {
  id: "extras",
  name: "Extras",
  minSelections: 0,
  maxSelections: 2,
  options: [option("bacon", 2.5), option("cheese", 1.25), option("egg", 1.5, true), option("onion", 0.75)],
};

const burger: ChoosableProduct = {
  id: "burger",
  name: "Burger",
  price: 14.5,
  modifierGroups: [temperature, extras],
};

const latte: ChoosableProduct = {
  id: "latte",
  name: "Latte",
  price: 4,
  variants: [
    { id: "small", name: "Small", price: 4, isActive: true },
    { id: "large", name: "Large", price: 5.25, isActive: true },
    { id: "old", name: "Huge", price: 7, isActive: false },
  ],
};

describe("the chooser's rules", () => {
  it("says each group's rule in words", () => {
    expect(ruleInWords(temperature)).toBe("Choose 1");
    expect(ruleInWords(extras)).toBe("Up to 2");
    expect(ruleInWords({ ...extras, minSelections: 1, maxSelections: 3 })).toBe("Choose 1 to 3");
    expect(ruleInWords({ ...extras, maxSelections: null })).toBe("Optional");
    expect(ruleInWords({ ...extras, minSelections: 2, maxSelections: null })).toBe("At least 2");
  });

  it("treats a product without the §9 fields as plain: one tap adds it", () => {
    const plain = { id: "fries", name: "Fries", price: 4.5 };
    expect(needsChoosing(plain)).toBe(false);
    expect(canAdd(plain, nothingChosen())).toBe(true);
    expect(addItemBody(plain, nothingChosen())).toEqual({
      productId: "fries",
      quantity: 1,
      modifiers: [],
    });
    expect(needsChoosing(burger)).toBe(true);
    expect(needsChoosing(latte)).toBe(true);
    expect(needsChoosing({ ...latte, variants: [{ ...latte.variants![2] }] })).toBe(false);
  });

  it("keeps Add disabled until every group's minimum holds", () => {
    let choice = nothingChosen();
    expect(problems(burger, choice)).toEqual(["Temperature: Choose 1 more"]);
    choice = toggleOption(choice, temperature, "rare");
    expect(canAdd(burger, choice)).toBe(true);
  });

  it("swaps the pick in a Choose 1 group", () => {
    let choice = toggleOption(nothingChosen(), temperature, "rare");
    choice = toggleOption(choice, temperature, "medium");
    expect(choice.options.temp).toEqual(["medium"]);
    choice = toggleOption(choice, temperature, "medium");
    expect(choice.options.temp).toEqual([]);
  });

  it("refuses a pick past the maximum and an 86'd option", () => {
    let choice = toggleOption(nothingChosen(), extras, "bacon");
    choice = toggleOption(choice, extras, "cheese");
    expect(toggleOption(choice, extras, "onion")).toBe(choice);
    expect(canPick(extras, choice.options.extras, "onion")).toBe(false);
    expect(canPick(extras, choice.options.extras, "bacon")).toBe(true);
    expect(canPick(temperature, ["rare"], "well")).toBe(true);
    expect(canPick(extras, [], "egg")).toBe(false);
    expect(toggleOption(nothingChosen(), extras, "egg").options.extras).toBeUndefined();
  });

  it("adds special requests as ad-hoc modifiers, priced, counted in no group", () => {
    let choice = toggleOption(nothingChosen(), temperature, "rare");
    choice = addRequest(choice, { modifierOptionId: "r1", name: " no onions ", price: 0 });
    choice = addRequest(choice, { modifierOptionId: "r2", name: "  ", price: 1 });
    choice = addRequest(choice, { modifierOptionId: "r3", name: "extra sauce", price: 0.5 });
    expect(canAdd(burger, choice)).toBe(true);
    expect(unitPrice(burger, choice)).toBe(1500);
    expect(addItemBody(burger, choice).modifiers).toEqual([
      { modifierOptionId: "rare" },
      { modifierOptionId: "r1", name: "no onions", price: 0 },
      { modifierOptionId: "r3", name: "extra sauce", price: 0.5 },
    ]);
    expect(removeRequest(choice, "r1").requests.map((r) => r.name)).toEqual(["extra sauce"]);
  });

  it("adds a scanned variant with one tap when nothing else is to choose", () => {
    expect(needsChoosing(latte, nothingChosen("large"))).toBe(false);
    expect(needsChoosing(latte, nothingChosen("old"))).toBe(true);
    expect(needsChoosing(burger, nothingChosen())).toBe(true);
  });

  it("prices the choice as it is made", () => {
    let choice = toggleOption(nothingChosen(), temperature, "well");
    expect(unitPrice(burger, choice)).toBe(1450);
    choice = toggleOption(toggleOption(choice, extras, "bacon"), extras, "cheese");
    expect(unitPrice(burger, choice)).toBe(1825);
    expect(addItemBody(burger, choice, 2, " no salt ")).toEqual({
      productId: "burger",
      quantity: 2,
      modifiers: [{ modifierOptionId: "well" }, { modifierOptionId: "bacon" }, { modifierOptionId: "cheese" }],
      notes: "no salt",
    });
  });

  it("needs a live variant, whose price replaces the product's", () => {
    expect(problems(latte, nothingChosen())).toEqual(["Choose a size"]);
    expect(canAdd(latte, chooseVariant(nothingChosen(), "old"))).toBe(false);
    const large = chooseVariant(nothingChosen(), "large");
    expect(canAdd(latte, large)).toBe(true);
    expect(unitPrice(latte, large)).toBe(525);
    expect(addItemBody(latte, large).variantId).toBe("large");
    expect(lineName(latte, large)).toBe("Latte (Large)");
    expect(lineName(burger, nothingChosen())).toBe("Burger");
  });
});
