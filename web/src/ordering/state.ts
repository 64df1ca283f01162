// The menu's state, in one place: the category path (breadcrumbs), the products shown, the
// search, and 86 changes as they happen (product.86d / product.available events).

import { useCallback, useEffect, useState } from "preact/hooks";
import { useTerminal } from "../kit/context";
import type { Category, Page, Product } from "../kit/types";
import { inWords } from "../kit/words";

export interface Menu {
  categories: Category[];
  path: Category[];
  products: Product[];
  search: string;
  error: string | null;
  enter: (category: Category | null) => void;
  up: (depth: number) => void;
  find: (text: string) => void;
}

const SELLABLE = { isActive: true, productType: "ITEM", limit: 100 };

export function useMenu(): Menu {
  const { api, events, locationId } = useTerminal();
  const [categories, setCategories] = useState<Category[]>([]);
  const [path, setPath] = useState<Category[]>([]);
  const [products, setProducts] = useState<Product[]>([]);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const here = path.at(-1) ?? null;

  useEffect(() => {
    api
      .get<Page<Category>>("/api/categories", { query: { locationId } })
      .then((page) => setCategories(page.data.filter((c) => c.isActive).sort((a, b) => a.sortOrder - b.sortOrder)))
      .catch((failure) => setError(inWords(failure)));
  }, [api, locationId]);

  const load = useCallback(async () => {
    const query: Record<string, string | number | boolean | undefined> = { locationId, ...SELLABLE };
    if (search.trim()) query.search = search.trim();
    else if (here) query.categoryId = here.id;
    try {
      setProducts((await api.get<Page<Product>>("/api/products", { query })).data);
      setError(null);
    } catch (failure) {
      setError(inWords(failure));
    }
  }, [api, locationId, here, search]);

  useEffect(() => {
    load();
  }, [load]);

  useEffect(
    () =>
      events.listen((event) => {
        if (event.type === "product.86d" || event.type === "product.available") {
          const is86d = event.type === "product.86d";
          setProducts((shown) => shown.map((p) => (p.id === event.entityId ? { ...p, is86d } : p)));
        } else if (event.type.startsWith("product.")) {
          load();
        }
      }),
    [events, load],
  );

  return {
    categories,
    path,
    products,
    search,
    error,
    enter: (category) => {
      setSearch("");
      setPath(category ? [...path, category] : []);
    },
    up: (depth) => setPath(path.slice(0, depth)),
    find: setSearch,
  };
}

/** The categories inside `parent` (null: the top level). */
export function childrenOf(categories: Category[], parent: Category | null): Category[] {
  return categories.filter((category) => category.parentCategoryId === (parent?.id ?? null));
}
