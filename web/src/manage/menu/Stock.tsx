// The 86 board (86 / un-86 at a click), the low-stock list (the server's lowStock filter) and
// stock changes: a delivery or a loss (delta) or a stocktake (count), each with its reason.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import type { Schemas } from "../../shared/api/client";
import { changeStock, listProducts, setSoldOut, stockMovements } from "../../shared/api/products";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { locale } from "../../shared/i18n";
import {
  everyPage,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SelectField,
  SidePanel,
  TextField,
  useAction,
  useLoaded,
} from "../parts";
import type { ProductSummary } from "../types";

export function Stock() {
  const { api, location } = useBackOffice();
  const [search, setSearch] = useState("");
  const [adjusting, setAdjusting] = useState<ProductSummary | null>(null);
  const changing = useAction();
  const list = (extra: { lowStock?: boolean }) =>
    everyPage((page) =>
      listProducts(api, { locationId: location.id, productType: "ITEM", page, limit: 100, ...extra }),
    );
  const products = useLoaded(() => list({}), []);
  const low = useLoaded(() => list({ lowStock: true }), []);
  const reload = () => {
    products.reload();
    low.reload();
  };
  const toggle86 = async (product: ProductSummary) => {
    if (await changing.run(() => setSoldOut(api, product.id, !product.is86d))) reload();
  };
  const needle = search.trim().toLowerCase();
  const shown = (products.data ?? []).filter((product) => !needle || product.name.toLowerCase().includes(needle));
  const stockOf = (product: ProductSummary) => (product.trackInventory ? String(product.stockQuantity ?? 0) : "—");

  return (
    <div class="with-panel">
      <div class="stack">
        <div class="panel">
          <h2>{t("menu.stock.low")}</h2>
          <Problem error={low.error} />
          {low.data?.length === 0 ? (
            <p class="hint">{t("menu.stock.noLow")}</p>
          ) : (
            <ul class="plain-list" aria-label={t("menu.stock.low")}>
              {(low.data ?? []).map((product) => (
                <li key={product.id}>
                  <span>{product.name}</span>
                  <span class="chip chip-pending">
                    {t("menu.stock.left", { count: product.stockQuantity ?? 0, level: product.lowStockThreshold })}
                  </span>
                  <Button
                    label={t("menu.stock.adjustOf", { name: product.name })}
                    onClick={() => setAdjusting(product)}
                  >
                    {t("menu.stock.adjust")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div class="panel">
          <h2>{t("menu.stock.board")}</h2>
          <ListTools search={search} onSearch={setSearch} searchLabel={t("menu.stock.searchBoard")} />
          <Problem error={products.error ?? changing.error} />
          {products.data?.length === 0 ? (
            <p class="hint">{t("menu.stock.noItems")}</p>
          ) : (
            <RecordTable
              label={t("menu.stock.boardTable")}
              rows={shown}
              columns={[
                { title: t("menu.stock.product"), cell: (product) => product.name },
                {
                  title: t("menu.status"),
                  cell: (product) =>
                    product.is86d ? <span class="chip chip-voided">{t("menu.stock.86d")}</span> : t("menu.onSale"),
                },
                { title: t("menu.stock"), number: true, cell: stockOf },
              ]}
              actions={(product) => (
                <>
                  <Button
                    tone={product.is86d ? "neutral" : "danger"}
                    label={
                      product.is86d
                        ? t("menu.stock.un86Named", { name: product.name })
                        : t("menu.stock.86Named", { name: product.name })
                    }
                    disabled={changing.busy}
                    onClick={() => toggle86(product)}
                  >
                    {product.is86d ? t("menu.stock.un86") : t("menu.stock.86")}
                  </Button>
                  {product.trackInventory && (
                    <Button
                      label={t("menu.stock.adjustOf", { name: product.name })}
                      onClick={() => setAdjusting(product)}
                    >
                      {t("menu.stock.adjustStock")}
                    </Button>
                  )}
                </>
              )}
            />
          )}
        </div>
      </div>
      {adjusting && (
        <StockPanel
          key={adjusting.id}
          product={adjusting}
          onClose={() => setAdjusting(null)}
          onSaved={() => {
            setAdjusting(null);
            reload();
          }}
        />
      )}
    </div>
  );
}

type Kind = "delta" | "count";

function StockPanel(props: { product: ProductSummary; onClose: () => void; onSaved: () => void }) {
  const { api } = useBackOffice();
  const [kind, setKind] = useState<Kind>("delta");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    const pattern = kind === "delta" ? /^\s*-?\d{1,6}(\.\d{1,3})?\s*$/ : /^\s*\d{1,6}(\.\d{1,3})?\s*$/;
    if (!pattern.test(amount) || (kind === "delta" && Number(amount) === 0)) {
      setProblem(kind === "delta" ? t("menu.stock.badDelta") : t("menu.stock.badCount"));
      return;
    }
    setProblem(null);
    const body = { [kind]: Number(amount), reason: reason.trim() } as Schemas["StockChangeRequest"];
    if (await saving.run(() => changeStock(api, props.product.id, body))) props.onSaved();
  }

  return (
    <SidePanel title={t("menu.stock.of", { name: props.product.name })} onClose={props.onClose}>
      <p>{t("menu.stock.now", { count: props.product.stockQuantity ?? 0 })}</p>
      <form onSubmit={save}>
        <SelectField
          label={t("menu.stock.what")}
          value={kind}
          onChange={setKind}
          options={[
            { value: "delta", label: t("menu.stock.kindDelta") },
            { value: "count", label: t("menu.stock.kindCount") },
          ]}
        />
        <TextField
          label={kind === "delta" ? t("menu.stock.change") : t("menu.stock.counted")}
          value={amount}
          onInput={setAmount}
          inputMode="decimal"
          required
        />
        <TextField
          label={t("menu.stock.reason")}
          value={reason}
          onInput={setReason}
          required
          placeholder={t("menu.stock.reasonHint")}
        />
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions busy={saving.busy} ready={!!reason.trim()} saveLabel={t("menu.stock.save")} />
      </form>
      <Movements productId={props.product.id} />
    </SidePanel>
  );
}

/** The product's last stock changes, newest first: what, by whom, why, and the level left. */
function Movements(props: { productId: string }) {
  const { api, location } = useBackOffice();
  const movements = useLoaded(() => stockMovements(api, props.productId, { limit: 5 }), [props.productId]);
  const time = new Intl.DateTimeFormat(locale() === "en" ? "en-GB" : locale(), {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const rows = movements.data?.data ?? [];
  return (
    <section aria-label={t("menu.stock.recent")}>
      <h3>{t("menu.stock.recentTitle")}</h3>
      <Problem error={movements.error} />
      {movements.data && rows.length === 0 && <p class="hint">{t("menu.stock.noChange")}</p>}
      <ul class="plain-list">
        {rows.map((movement) => (
          <li key={movement.id}>
            <span>
              {t("menu.stock.movement", {
                change: movement.change > 0 ? `+${movement.change}` : movement.change,
                reason: movement.reason ?? t(`menu.stock.kind.${movement.kind}`),
              })}
            </span>
            <span class="hint">
              {t("menu.stock.by", {
                name: movement.madeBy.name,
                at: time.format(new Date(movement.at)),
                level: movement.level,
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
