// The category tree as the back office shows it, and the arithmetic of moving one category
// among its siblings (drag and drop, or Move up/down): the new order of the siblings' ids,
// which PUT /api/categories/reorder turns into sortOrders 0, 1, 2… in one transaction.

export interface Sortable {
  id: string;
  name: string;
  parentCategoryId: string | null;
  sortOrder: number;
}

/** `parent`'s children, in the order the terminal shows them (sortOrder, then name). */
export function siblings<T extends Sortable>(categories: T[], parent: string | null): T[] {
  return categories
    .filter((category) => category.parentCategoryId === parent)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/** Every category depth first, each with how deep it sits; an orphan (its parent inactive or
 * gone) shows at the top level rather than vanishing. */
export function treeRows<T extends Sortable>(categories: T[]): { category: T; depth: number }[] {
  const known = new Set(categories.map((category) => category.id));
  const rows: { category: T; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const category of siblings(categories, parent)) {
      rows.push({ category, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  for (const category of categories) {
    if (category.parentCategoryId !== null && !known.has(category.parentCategoryId)) {
      rows.push({ category, depth: 0 });
      walk(category.id, 1);
    }
  }
  return rows;
}

/** `ids` with the one at `from` moved to `to` (clamped); the same array when nothing moves. */
export function moved(ids: string[], from: number, to: number): string[] {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from === target || from < 0 || from >= ids.length) return ids;
  const order = [...ids];
  const [taken] = order.splice(from, 1);
  order.splice(target, 0, taken);
  return order;
}

/** The siblings' new order when `id` is dropped on `onto` (it takes `onto`'s place), or null
 * when the two are not siblings (a drag never moves a category to another parent). */
export function dropOrder<T extends Sortable>(categories: T[], id: string, onto: string): string[] | null {
  const dragged = categories.find((category) => category.id === id);
  const target = categories.find((category) => category.id === onto);
  if (!dragged || !target || id === onto || dragged.parentCategoryId !== target.parentCategoryId) return null;
  const ids = siblings(categories, dragged.parentCategoryId).map((category) => category.id);
  return moved(ids, ids.indexOf(id), ids.indexOf(onto));
}

/** The siblings' new order when `id` moves one place up (-1) or down (+1); null at an end. */
export function stepOrder<T extends Sortable>(categories: T[], id: string, step: -1 | 1): string[] | null {
  const category = categories.find((found) => found.id === id);
  if (!category) return null;
  const ids = siblings(categories, category.parentCategoryId).map((found) => found.id);
  const order = moved(ids, ids.indexOf(id), ids.indexOf(id) + step);
  return order === ids ? null : order;
}
