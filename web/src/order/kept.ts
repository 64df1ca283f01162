// The order this tab placed on a page, kept in sessionStorage under the page's slug: a reload
// (or a tab brought back) follows the same order, a new tab starts with the menu.

type Kept = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const keyOf = (slug: string) => `brigade.order.${slug}`;

/** The page's slug from its address: /order/{slug}. */
export function slugFrom(path: string): string | null {
  const match = /^\/order\/([a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?)\/?$/.exec(path);
  return match ? match[1] : null;
}

export const keptOrder = (slug: string, kept: Kept): string | null => kept.getItem(keyOf(slug));
export const keepOrder = (slug: string, orderId: string, kept: Kept): void => kept.setItem(keyOf(slug), orderId);
export const forgetOrder = (slug: string, kept: Kept): void => kept.removeItem(keyOf(slug));
