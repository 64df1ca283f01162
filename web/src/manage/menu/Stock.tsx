// The 86 board (86 / un-86 at a click), the low-stock list (the server's lowStock filter) and
// stock changes: a delivery or a loss (delta) or a stocktake (count), each with its reason.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import type { Schemas } from "../../shared/api/client";
import { changeStock, listProducts, setSoldOut, stockMovements } from "../../shared/api/products";
import { useBackOffice } from "../context";
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
          <h2>Low stock</h2>
          <Problem error={low.error} />
          {low.data?.length === 0 ? (
            <p class="hint">Nothing is at or under its low-stock level.</p>
          ) : (
            <ul class="plain-list" aria-label="Low stock">
              {(low.data ?? []).map((product) => (
                <li key={product.id}>
                  <span>{product.name}</span>
                  <span class="chip chip-pending">
                    {product.stockQuantity ?? 0} left (level {product.lowStockThreshold})
                  </span>
                  <Button label={`Adjust stock of ${product.name}`} onClick={() => setAdjusting(product)}>
                    Adjust
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div class="panel">
          <h2>The 86 board</h2>
          <ListTools search={search} onSearch={setSearch} searchLabel="Search the 86 board" />
          <Problem error={products.error ?? changing.error} />
          {products.data?.length === 0 ? (
            <p class="hint">No menu items yet: add them under Products.</p>
          ) : (
            <RecordTable
              label="86 board"
              rows={shown}
              columns={[
                { title: "Product", cell: (product) => product.name },
                {
                  title: "Status",
                  cell: (product) =>
                    product.is86d ? <span class="chip chip-voided">86'd: not on sale</span> : "On sale",
                },
                { title: "Stock", number: true, cell: stockOf },
              ]}
              actions={(product) => (
                <>
                  <Button
                    tone={product.is86d ? "neutral" : "danger"}
                    label={product.is86d ? `Un-86 ${product.name}` : `86 ${product.name}`}
                    disabled={changing.busy}
                    onClick={() => toggle86(product)}
                  >
                    {product.is86d ? "Un-86" : "86"}
                  </Button>
                  {product.trackInventory && (
                    <Button label={`Adjust stock of ${product.name}`} onClick={() => setAdjusting(product)}>
                      Adjust stock
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
      setProblem(kind === "delta" ? "Say how many came in (12) or went (-3)." : "Say how many you counted.");
      return;
    }
    setProblem(null);
    const body = { [kind]: Number(amount), reason: reason.trim() } as Schemas["StockChangeRequest"];
    if (await saving.run(() => changeStock(api, props.product.id, body))) props.onSaved();
  }

  return (
    <SidePanel title={`Stock of ${props.product.name}`} onClose={props.onClose}>
      <p>In stock now: {props.product.stockQuantity ?? 0}</p>
      <form onSubmit={save}>
        <SelectField
          label="What happened"
          value={kind}
          onChange={setKind}
          options={[
            { value: "delta", label: "Some came in or went (a change)" },
            { value: "count", label: "I counted them (a stocktake)" },
          ]}
        />
        <TextField
          label={kind === "delta" ? "Change (negative for a loss)" : "Counted"}
          value={amount}
          onInput={setAmount}
          inputMode="decimal"
          required
        />
        <TextField
          label="Reason"
          value={reason}
          onInput={setReason}
          required
          placeholder="Delivery, breakage, weekly count…"
        />
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions busy={saving.busy} ready={!!reason.trim()} saveLabel="Save stock" />
      </form>
      <Movements productId={props.product.id} />
    </SidePanel>
  );
}

/** The product's last stock changes, newest first: what, by whom, why, and the level left. */
function Movements(props: { productId: string }) {
  const { api, location } = useBackOffice();
  const movements = useLoaded(() => stockMovements(api, props.productId, { limit: 5 }), [props.productId]);
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const rows = movements.data?.data ?? [];
  return (
    <section aria-label="Recent stock changes">
      <h3>Recent changes</h3>
      <Problem error={movements.error} />
      {movements.data && rows.length === 0 && <p class="hint">No change yet.</p>}
      <ul class="plain-list">
        {rows.map((movement) => (
          <li key={movement.id}>
            <span>
              {movement.change > 0 ? `+${movement.change}` : movement.change} ·{" "}
              {movement.reason ?? movement.kind.toLowerCase()}
            </span>
            <span class="hint">
              {movement.madeBy.name}, {time.format(new Date(movement.at))}, {movement.level} left
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
