// The menu's state, in one place: the category path (breadcrumbs), the products shown, the
// search, 86 changes as they happen (product.86d / product.available events), and each
// category's products and each product's detail (variants, modifier groups), read once until
// the menu changes.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { useTerminal } from "../context";
import { listCategories } from "../../shared/api/categories";
import type { ListQuery } from "../../shared/api/client";
import { getProduct, listProducts } from "../../shared/api/products";
import type { Category, Product } from "../../shared/types";
import { inWords } from "../../shared/words";

export interface Menu {
  categories: Category[];
  path: Category[];
  products: Product[];
  /** The products shown are not yet those of the path or search (an answer is awaited). */
  loading: boolean;
  search: string;
  error: string | null;
  enter: (category: Category | null) => void;
  up: (depth: number) => void;
  find: (text: string) => void;
  /** A product's detail: read once, then from memory until a product or group changes. */
  detail: (productId: string) => Promise<Product>;
}

const SELLABLE = { isActive: true, productType: "ITEM", limit: 100 } as const;

export function useMenu(): Menu {
  const { api, events, locationId } = useTerminal();
  const [categories, setCategories] = useState<Category[]>([]);
  const [path, setPath] = useState<Category[]>([]);
  const [products, setProducts] = useState<Product[]>([]);
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | null>(null);
  const here = path.at(-1) ?? null;
  const details = useRef(new Map<string, Product>());
  const loads = useRef(0);
  // A category's products as last read, until a product changes (searches are not kept).
  const lists = useRef(new Map<string, Product[]>());
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    listCategories(api, { locationId })
      .then((page) => setCategories(page.data.filter((c) => c.isActive).sort((a, b) => a.sortOrder - b.sortOrder)))
      .catch((failure) => setError(inWords(failure)));
  }, [api, locationId]);

  const load = useCallback(async () => {
    const query: ListQuery<"/api/products"> = { locationId, ...SELLABLE };
    if (search.trim()) query.search = search.trim();
    else if (here) query.categoryId = here.id;
    // The latest asked wins: an older answer (held up offline) must not replace it.
    const asked = ++loads.current;
    const key = search.trim() ? null : (here?.id ?? "");
    const known = key === null ? undefined : lists.current.get(key);
    if (known) {
      setProducts(known);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      const page = await listProducts(api, query);
      if (key !== null) lists.current.set(key, page.data);
      if (asked !== loads.current) return;
      setProducts(page.data);
      setError(null);
    } catch (failure) {
      if (asked === loads.current) setError(inWords(failure));
    } finally {
      if (asked === loads.current) setLoading(false);
    }
  }, [api, locationId, here, search]);

  useEffect(() => {
    load();
  }, [load]);

  useEffect(
    () =>
      events.listen((event) => {
        // An option's 86 or a group's rule changes details too: they are read again.
        if (/^(product|modifier_group)\./.test(event.type)) {
          details.current.clear();
          lists.current.clear();
        }
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
    loading,
    search,
    error,
    enter: (category) => {
      setSearch("");
      setPath(category ? [...path, category] : []);
    },
    up: (depth) => setPath(path.slice(0, depth)),
    find: setSearch,
    detail: async (productId) => {
      const known = details.current.get(productId);
      if (known) return known;
      const found = await getProduct(api, productId);
      details.current.set(productId, found);
      return found;
    },
  };
}

/** The categories inside `parent` (null: the top level). */
export function childrenOf(categories: Category[], parent: Category | null): Category[] {
  return categories.filter((category) => category.parentCategoryId === (parent?.id ?? null));
}
