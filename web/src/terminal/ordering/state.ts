// The menu's state, in one place: the category path (breadcrumbs), the products shown, the
// search, 86 changes as they happen (product.86d / product.available events), and each
// category's products and each product's detail (variants, modifier groups), read once until
// the menu changes; each kept on the tablet too, so the menu opens offline as last read.

import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { useTerminal } from "../context";
import { listCategories } from "../../shared/api/categories";
import type { ListQuery } from "../../shared/api/client";
import { getProduct, listProducts } from "../../shared/api/products";
import type { Category, Product } from "../../shared/types";
import { remembered } from "../../shared/store";
import { inWords } from "../problems";

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
  /** The whole menu has been read and kept on the tablet (it opens offline). */
  kept: boolean;
  /** A product's detail: read once, then from memory until a product or group changes. */
  detail: (productId: string) => Promise<Product>;
}

const SELLABLE = { isActive: true, productType: "ITEM", limit: 100 } as const;

export function useMenu(): Menu {
  const { api, events, locationId, store } = useTerminal();
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
    remembered(store, `categories:${locationId}`, () => listCategories(api, { locationId }))
      .then((page) => setCategories(page.data.filter((c) => c.isActive).sort((a, b) => a.sortOrder - b.sortOrder)))
      .catch((failure) => setError(inWords(failure)));
  }, [api, locationId, store]);

  /** A category's products ("": the top level), kept on the tablet and in memory. */
  const readList = useCallback(
    async (key: string) => {
      const query: ListQuery<"/api/products"> = { locationId, ...SELLABLE };
      if (key) query.categoryId = key;
      const page = await remembered(store, `products:${locationId}:${key}`, () => listProducts(api, query));
      lists.current.set(key, page.data);
      return page.data;
    },
    [api, locationId, store],
  );

  /** A product's detail, kept on the tablet and in memory. */
  const readDetail = useCallback(
    async (productId: string) => {
      const known = details.current.get(productId);
      if (known) return known;
      const found = await remembered(store, `product:${productId}`, () => getProduct(api, productId));
      details.current.set(productId, found);
      return found;
    },
    [api, store],
  );

  // The whole menu read once in the background (one request at a time): every category and
  // every product's choices then open offline, even those nobody opened yet.
  const [kept, setKept] = useState(false);
  useEffect(() => {
    let stopped = false;
    const read = async () => {
      const seen = new Set<string>();
      for (const key of ["", ...categories.map((category) => category.id)]) {
        const products = await readList(key).catch(() => []);
        for (const product of products) {
          if (stopped) return;
          if (seen.has(product.id)) continue;
          seen.add(product.id);
          await readDetail(product.id).catch(() => {});
        }
      }
      if (!stopped) setKept(true);
    };
    if (categories.length > 0) read();
    return () => {
      stopped = true;
    };
  }, [categories, readList, readDetail]);

  const load = useCallback(async () => {
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
      const found =
        key === null
          ? (await listProducts(api, { locationId, ...SELLABLE, search: search.trim() })).data
          : await readList(key);
      if (asked !== loads.current) return;
      setProducts(found);
      setError(null);
    } catch (failure) {
      if (asked === loads.current) setError(inWords(failure));
    } finally {
      if (asked === loads.current) setLoading(false);
    }
  }, [api, locationId, here, search, readList]);

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
    kept,
    enter: (category) => {
      setSearch("");
      setPath(category ? [...path, category] : []);
    },
    up: (depth) => setPath(path.slice(0, depth)),
    find: setSearch,
    detail: readDetail,
  };
}

/** The categories inside `parent` (null: the top level). */
export function childrenOf(categories: Category[], parent: Category | null): Category[] {
  return categories.filter((category) => category.parentCategoryId === (parent?.id ?? null));
}
