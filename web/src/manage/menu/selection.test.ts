import { describe, expect, it } from "vitest";
import { allPicked, categoryPicks, toggledAll, toggledOne } from "./selection";

const CATEGORIES = [
  { id: "food", name: "Food", parentCategoryId: null },
  { id: "mains", name: "Mains", parentCategoryId: "food" },
  { id: "desserts", name: "Desserts", parentCategoryId: "food" },
  { id: "drinks", name: "Drinks", parentCategoryId: null },
];
const SHOWN = [
  { id: "steak", categoryId: "mains" },
  { id: "burger", categoryId: "mains" },
  { id: "cake", categoryId: "desserts" },
  { id: "bacon", categoryId: null },
];

describe("picking products for a change to many", () => {
  it("offers each category holding shown products, its sub-categories' with them", () => {
    expect(categoryPicks(CATEGORIES, SHOWN)).toEqual([
      { id: "food", name: "Food", productIds: ["steak", "burger", "cake"] },
      { id: "mains", name: "Mains", productIds: ["steak", "burger"] },
      { id: "desserts", name: "Desserts", productIds: ["cake"] },
    ]);
  });

  it("picks a whole category, or lets it go when all of it was picked", () => {
    const mains = toggledAll(new Set(["cake"]), ["steak", "burger"]);
    expect([...mains].sort()).toEqual(["burger", "cake", "steak"]);
    expect(allPicked(mains, ["steak", "burger"])).toBe(true);
    expect([...toggledAll(mains, ["steak", "burger"])]).toEqual(["cake"]);
    // Half picked: the rest is picked, not the half let go.
    expect([...toggledAll(new Set(["steak"]), ["steak", "burger"])].sort()).toEqual(["burger", "steak"]);
    expect([...toggledOne(mains, "cake")].sort()).toEqual(["burger", "steak"]);
    expect(allPicked(new Set(), [])).toBe(false);
  });

  it("survives a category that names itself as its parent", () => {
    const loop = [{ id: "a", name: "A", parentCategoryId: "a" }];
    expect(categoryPicks(loop, [{ id: "x", categoryId: "a" }])).toEqual([{ id: "a", name: "A", productIds: ["x"] }]);
  });
});
