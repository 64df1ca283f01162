import { describe, expect, it } from "vitest";
import type { BrigadeEvent } from "../stream";
import { soldOutChange, soldOutOrder, withAvailability } from "./soldout";

const event = (type: string, entityId: string | null = "fries"): BrigadeEvent => ({
  id: 1,
  type,
  locationId: "L",
  entityId,
  orderId: null,
  data: {},
});

const FRIES = { id: "fries", name: "Fries", is86d: false };
const SOUP = { id: "soup", name: "Soup", is86d: true };
const BURGER = { id: "burger", name: "Burger", is86d: false };

describe("the 86 list", () => {
  it("hears a product 86'd or back on sale, and nothing else", () => {
    expect(soldOutChange(event("product.86d"))).toEqual({ productId: "fries", is86d: true });
    expect(soldOutChange(event("product.available"))).toEqual({ productId: "fries", is86d: false });
    expect(soldOutChange(event("product.updated"))).toBeNull();
    expect(soldOutChange(event("product.86d", null))).toBeNull();
  });

  it("changes the one product, and keeps the same list when nothing changes", () => {
    const list = [FRIES, SOUP];
    expect(withAvailability(list, "fries", true)).toEqual([{ ...FRIES, is86d: true }, SOUP]);
    expect(withAvailability(list, "fries", false)).toBe(list);
    expect(withAvailability(list, "tea", true)).toBe(list);
  });

  it("shows the 86'd first, then by name", () => {
    expect(soldOutOrder([FRIES, SOUP, BURGER]).map((p) => p.id)).toEqual(["soup", "burger", "fries"]);
  });
});
