import { describe, expect, it } from "vitest";
import { dropOrder, moved, siblings, stepOrder, treeRows } from "./reorder";

const category = (id: string, sortOrder: number, parentCategoryId: string | null = null) => ({
  id,
  name: id,
  sortOrder,
  parentCategoryId,
});
const MENU = [
  category("Drinks", 1),
  category("Mains", 0),
  category("Sides", 2),
  category("Burgers", 0, "Mains"),
  category("Steaks", 1, "Mains"),
];

describe("reordering categories", () => {
  it("lists siblings by sortOrder, then name", () => {
    expect(siblings(MENU, null).map((c) => c.id)).toEqual(["Mains", "Drinks", "Sides"]);
    expect(siblings([category("b", 0), category("a", 0)], null).map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("shows the tree depth first with each row's depth", () => {
    expect(treeRows(MENU).map((row) => `${row.depth}:${row.category.id}`)).toEqual([
      "0:Mains",
      "1:Burgers",
      "1:Steaks",
      "0:Drinks",
      "0:Sides",
    ]);
    expect(treeRows([category("Orphan", 0, "gone")]).map((row) => row.depth)).toEqual([0]);
  });

  it("moves one id to a new place, clamped to the ends", () => {
    expect(moved(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
    const same = ["a", "b"];
    expect(moved(same, 1, 1)).toBe(same);
  });

  it("drops a category in its sibling's place, never under another parent", () => {
    expect(dropOrder(MENU, "Sides", "Mains")).toEqual(["Sides", "Mains", "Drinks"]);
    expect(dropOrder(MENU, "Mains", "Sides")).toEqual(["Drinks", "Sides", "Mains"]);
    expect(dropOrder(MENU, "Steaks", "Burgers")).toEqual(["Steaks", "Burgers"]);
    expect(dropOrder(MENU, "Burgers", "Drinks")).toBeNull();
    expect(dropOrder(MENU, "Mains", "Mains")).toBeNull();
  });

  it("steps a category up or down among its siblings, not past an end", () => {
    expect(stepOrder(MENU, "Drinks", -1)).toEqual(["Drinks", "Mains", "Sides"]);
    expect(stepOrder(MENU, "Drinks", 1)).toEqual(["Mains", "Sides", "Drinks"]);
    expect(stepOrder(MENU, "Mains", -1)).toBeNull();
    expect(stepOrder(MENU, "Steaks", 1)).toBeNull();
  });
});
