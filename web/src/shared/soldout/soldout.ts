// The 86 list the terminal (a manager) and the kitchen display share: the location's products
// that are sold, each on sale or 86'd, kept current by the stream's product.86d and
// product.available events (whoever made the change).

import type { BrigadeEvent } from "../stream";
import type { ProductSummary } from "../types";

/** A product's availability as an event tells it, or null for any other event. */
export function soldOutChange(event: BrigadeEvent): { productId: string; is86d: boolean } | null {
  if (event.type !== "product.86d" && event.type !== "product.available") return null;
  return event.entityId ? { productId: event.entityId, is86d: event.type === "product.86d" } : null;
}

/** The list with one product's availability changed (the same list when it is not there). */
export function withAvailability<T extends Pick<ProductSummary, "id" | "is86d">>(
  products: T[],
  productId: string,
  is86d: boolean,
): T[] {
  return products.some((product) => product.id === productId && product.is86d !== is86d)
    ? products.map((product) => (product.id === productId ? { ...product, is86d } : product))
    : products;
}

/** 86'd first (what the kitchen wants back on), then by name. */
export function soldOutOrder<T extends Pick<ProductSummary, "name" | "is86d">>(products: T[]): T[] {
  return [...products].sort((a, b) => Number(b.is86d) - Number(a.is86d) || a.name.localeCompare(b.name));
}
