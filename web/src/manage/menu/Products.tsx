// Products in a table with search and a category filter; a product opens in a side panel.
// Rows are picked by their checkbox or a whole category at a time, and the picked products
// taxed anew at once (BulkTax).

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { listProducts } from "../../shared/api/products";
import { useBackOffice } from "../context";
import { t } from "../messages";
import {
  type Column,
  everyPage,
  ListTools,
  Problem,
  RecordTable,
  SelectField,
  useEditing,
  useLoaded,
  useMoney,
} from "../parts";
import type { ProductSummary, ProductType } from "../types";
import type { MenuData } from "./Menu";
import { BulkTax } from "./BulkTax";
import { ProductPanel } from "./ProductPanel";
import { percentShown } from "./fields";
import { allPicked, categoryPicks, toggledAll, toggledOne } from "./selection";
import "./menu.css";

export function Products(props: { menu: MenuData }) {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [productType, setProductType] = useState<ProductType>("ITEM");
  const { editing, edit, close } = useEditing<ProductSummary>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [said, setSaid] = useState("");
  const products = useLoaded(
    () =>
      everyPage((page) =>
        listProducts(api, {
          locationId: location.id,
          search: search.trim() || undefined,
          categoryId: categoryId || undefined,
          productType,
          page,
          limit: 100,
        }),
      ),
    [search, categoryId, productType],
  );
  const categoryName = new Map(props.menu.categories.map((category) => [category.id, category.name]));
  const shown = products.data ?? [];
  const shownIds = shown.map((product) => product.id);
  const picks = categoryPicks(props.menu.categories, shown);
  // Picking is for the whole table: a product's side panel takes the room while it is open.
  const picking = !editing;
  const selectColumn: Column<ProductSummary> = {
    title: t("menu.products.select"),
    cell: (product) => (
      <input
        type="checkbox"
        class="row-check"
        aria-label={t("menu.products.selectOne", { name: product.name })}
        checked={selected.has(product.id)}
        onChange={() => {
          setSaid("");
          setSelected(toggledOne(selected, product.id));
        }}
      />
    ),
  };
  const pick = (ids: string[]) => {
    setSaid("");
    setSelected(toggledAll(selected, ids));
  };

  return (
    <div class="with-panel">
      <div class="panel">
        <ListTools
          search={search}
          onSearch={setSearch}
          searchLabel={t("menu.products.search")}
          newLabel={t("menu.products.new")}
          onNew={() => edit("new")}
        >
          <SelectField
            label={t("menu.category")}
            value={categoryId}
            onChange={setCategoryId}
            options={[
              { value: "", label: t("menu.products.everyCategory") },
              ...props.menu.categories.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <SelectField
            label={t("menu.products.kind")}
            value={productType}
            onChange={setProductType}
            options={[
              { value: "ITEM", label: t("menu.products.items") },
              { value: "MODIFIER", label: t("menu.products.modifiers") },
              { value: "BUNDLE", label: t("menu.products.bundles") },
            ]}
          />
        </ListTools>
        <Problem error={products.error} />
        {picking && shown.length > 0 && (
          <div class="bulk-picks" role="group" aria-label={t("menu.products.pick")}>
            <Button pressed={allPicked(selected, shownIds)} onClick={() => pick(shownIds)}>
              {t("menu.products.allShown", { count: shown.length })}
            </Button>
            {picks.map((found) => (
              <Button
                key={found.id}
                pressed={allPicked(selected, found.productIds)}
                onClick={() => pick(found.productIds)}
                label={t("menu.products.allInLabel", { name: found.name, count: found.productIds.length })}
              >
                {t("menu.products.allIn", { name: found.name, count: found.productIds.length })}
              </Button>
            ))}
          </div>
        )}
        {picking && selected.size > 0 && (
          <BulkTax
            productIds={[...selected]}
            taxRates={props.menu.taxRates}
            onClear={() => setSelected(new Set())}
            onDone={(words) => {
              setSelected(new Set());
              setSaid(words);
              products.reload();
            }}
          />
        )}
        {said && (
          <p class="notice" role="status">
            {said}
          </p>
        )}
        {products.data?.length === 0 ? (
          <p class="hint">{search || categoryId ? t("menu.products.noMatch") : t("menu.products.none")}</p>
        ) : (
          <RecordTable
            label={t("menu.products.list")}
            rows={products.data ?? []}
            columns={[
              ...(picking ? [selectColumn] : []),
              { title: t("menu.name"), cell: (product) => product.name },
              {
                title: t("menu.category"),
                cell: (product) => (product.categoryId ? (categoryName.get(product.categoryId) ?? "—") : "—"),
              },
              { title: t("menu.price"), number: true, cell: (product) => money(product.price) },
              {
                title: t("menu.products.tax"),
                number: true,
                cell: (product) => t("menu.products.taxPercent", { percent: percentShown(product.taxRate) }),
              },
              {
                title: t("menu.stock"),
                number: true,
                cell: (product) => (product.trackInventory ? (product.stockQuantity ?? 0) : "—"),
              },
              {
                title: t("menu.status"),
                cell: (product) =>
                  product.is86d ? (
                    <span class="chip chip-voided">{t("menu.products.86d")}</span>
                  ) : product.isActive ? (
                    t("menu.onSale")
                  ) : (
                    <span class="chip">{t("menu.products.inactive")}</span>
                  ),
              },
            ]}
            actions={(product) => (
              <Button label={t("menu.editNamed", { name: product.name })} onClick={() => edit(product)}>
                {t("menu.edit")}
              </Button>
            )}
          />
        )}
      </div>
      {editing && (
        <ProductPanel
          key={editing === "new" ? "new" : editing.id}
          productId={editing === "new" ? null : editing.id}
          menu={props.menu}
          productType={productType}
          onClose={close}
          onChanged={products.reload}
        />
      )}
    </div>
  );
}
