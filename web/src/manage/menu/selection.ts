// Products picked for a change to many at once (a bulk re-tax): by row, or every one of a
// category (its sub-categories' too) among those shown.

export interface Picked {
  id: string;
  categoryId?: string | null;
}

export interface CategoryNode {
  id: string;
  name: string;
  parentCategoryId?: string | null;
}

/** A category's pick: its name, and the shown products in it or any category under it. */
export interface CategoryPick {
  id: string;
  name: string;
  productIds: string[];
}

/** The categories that hold any of ``shown``, in the menu's order, each with its products. */
export function categoryPicks(categories: readonly CategoryNode[], shown: readonly Picked[]): CategoryPick[] {
  const parent = new Map(categories.map((category) => [category.id, category.parentCategoryId ?? null]));
  const within = (categoryId: string | null | undefined, ancestor: string) => {
    const seen = new Set<string>();
    for (let at = categoryId ?? null; at !== null && !seen.has(at); at = parent.get(at) ?? null) {
      if (at === ancestor) return true;
      seen.add(at);
    }
    return false;
  };
  return categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      productIds: shown.filter((product) => within(product.categoryId, category.id)).map((product) => product.id),
    }))
    .filter((pick) => pick.productIds.length > 0);
}

/** ``ids`` all picked when any was not, else all let go. */
export function toggledAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const next = new Set(selected);
  const every = ids.length > 0 && ids.every((id) => next.has(id));
  for (const id of ids) {
    if (every) next.delete(id);
    else next.add(id);
  }
  return next;
}

export function toggledOne(selected: ReadonlySet<string>, id: string): Set<string> {
  return toggledAll(selected, [id]);
}

export function allPicked(selected: ReadonlySet<string>, ids: readonly string[]): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}
