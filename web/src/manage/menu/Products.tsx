// Products in a table with search and a category filter; a product opens in a side panel.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { listProducts } from "../../shared/api/products";
import { useBackOffice } from "../context";
import { everyPage, ListTools, Problem, RecordTable, SelectField, useEditing, useLoaded, useMoney } from "../parts";
import type { ProductSummary, ProductType } from "../types";
import type { MenuData } from "./Menu";
import { ProductPanel } from "./ProductPanel";
import { percentOf } from "./fields";

export function Products(props: { menu: MenuData }) {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [productType, setProductType] = useState<ProductType>("ITEM");
  const { editing, edit, close } = useEditing<ProductSummary>();
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

  return (
    <div class="with-panel">
      <div class="panel">
        <ListTools
          search={search}
          onSearch={setSearch}
          searchLabel="Search products"
          newLabel="New product"
          onNew={() => edit("new")}
        >
          <SelectField
            label="Category"
            value={categoryId}
            onChange={setCategoryId}
            options={[
              { value: "", label: "Every category" },
              ...props.menu.categories.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <SelectField
            label="Kind"
            value={productType}
            onChange={setProductType}
            options={[
              { value: "ITEM", label: "Menu items" },
              { value: "MODIFIER", label: "Modifier options" },
              { value: "BUNDLE", label: "Bundles" },
            ]}
          />
        </ListTools>
        <Problem error={products.error} />
        {products.data?.length === 0 ? (
          <p class="hint">
            {search || categoryId
              ? "No product matches."
              : "No products yet: “New product” adds the first (make a category first to file it in)."}
          </p>
        ) : (
          <RecordTable
            label="Products"
            rows={products.data ?? []}
            columns={[
              { title: "Name", cell: (product) => product.name },
              {
                title: "Category",
                cell: (product) => (product.categoryId ? (categoryName.get(product.categoryId) ?? "—") : "—"),
              },
              { title: "Price", number: true, cell: (product) => money(product.price) },
              { title: "Tax", number: true, cell: (product) => `${percentOf(product.taxRate)}%` },
              {
                title: "Stock",
                number: true,
                cell: (product) => (product.trackInventory ? (product.stockQuantity ?? 0) : "—"),
              },
              {
                title: "Status",
                cell: (product) =>
                  product.is86d ? (
                    <span class="chip chip-voided">86'd</span>
                  ) : product.isActive ? (
                    "On sale"
                  ) : (
                    <span class="chip">Inactive</span>
                  ),
              },
            ]}
            actions={(product) => (
              <Button label={`Edit ${product.name}`} onClick={() => edit(product)}>
                Edit
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
