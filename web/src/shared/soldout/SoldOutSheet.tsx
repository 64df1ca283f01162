// The 86 sheet (./soldout.ts): search the location's products, 86 one (sold out: no terminal
// can add it) or put it back on sale, with POST / DELETE /api/products/{id}/86. The terminal
// offers it to a manager signed in, the kitchen display to the kitchen.

import { useEffect, useState } from "preact/hooks";
import type { Api } from "../api/client";
import { listProducts, setSoldOut } from "../api/products";
import type { EventBus } from "../events";
import { t } from "../messages";
import type { ProductSummary } from "../types";
import { Button, Sheet } from "../ui";
import { inWords } from "../words";
import { soldOutChange, soldOutOrder, withAvailability } from "./soldout";

export function SoldOutSheet(props: { api: Api; events: EventBus; locationId: string; onClose: () => void }) {
  const { api, events, locationId } = props;
  const [search, setSearch] = useState("");
  const [products, setProducts] = useState<ProductSummary[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const query = { locationId, isActive: true, search: search.trim() || undefined };
    listProducts(api, { ...query, limit: 100 })
      .then((page) => setProducts(page.data))
      .catch((failure) => setError(inWords(failure)));
  }, [api, locationId, search]);

  useEffect(
    () =>
      events.listen((event) => {
        const change = soldOutChange(event);
        if (change) setProducts((shown) => shown && withAvailability(shown, change.productId, change.is86d));
      }),
    [events],
  );

  async function toggle(product: ProductSummary) {
    setBusy(product.id);
    setError(null);
    try {
      const changed = await setSoldOut(api, product.id, !product.is86d);
      setProducts((shown) => shown && withAvailability(shown, changed.id, changed.is86d));
    } catch (failure) {
      setError(t("soldout.failed", { name: product.name, problem: inWords(failure) }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Sheet title={t("soldout.title")} onClose={props.onClose} wide>
      <input
        type="search"
        class="search"
        placeholder={t("soldout.search")}
        aria-label={t("soldout.search")}
        value={search}
        onInput={(e) => setSearch(e.currentTarget.value)}
      />
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {products === null && !error && <p>{t("soldout.loading")}</p>}
      {products?.length === 0 && <p class="hint">{t("soldout.nothing")}</p>}
      <ul class="soldout-list" aria-label={t("soldout.products")}>
        {soldOutOrder(products ?? []).map((product) => (
          <li key={product.id} class={product.is86d ? "is86d" : ""} aria-label={product.name}>
            <span class="soldout-name">{product.name}</span>
            <span class="soldout-state">{product.is86d ? t("soldout.is86d") : t("soldout.onSale")}</span>
            <Button
              tone={product.is86d ? "neutral" : "danger"}
              disabled={busy === product.id}
              label={
                product.is86d
                  ? t("soldout.un86Named", { name: product.name })
                  : t("soldout.86Named", { name: product.name })
              }
              onClick={() => toggle(product)}
            >
              {product.is86d ? t("soldout.un86") : t("soldout.86")}
            </Button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
