// Products in a table with search and a category filter; a product opens in a side panel.

import { useState } from "preact/hooks";
import { Button } from "../../kit/ui";
import { useBackOffice } from "../context";
import { everyPage, Problem, SearchBox, SelectField, useLoaded, useMoney } from "../parts";
import type { Page, ProductSummary, ProductType } from "../types";
import type { MenuData } from "./Menu";
import { ProductPanel } from "./ProductPanel";
import { percentOf } from "./fields";

export function Products(props: { menu: MenuData }) {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [productType, setProductType] = useState<ProductType>("ITEM");
  const [editing, setEditing] = useState<ProductSummary | "new" | null>(null);
  const products = useLoaded(
    () =>
      everyPage((page) =>
        api.get<Page<ProductSummary>>("/api/products", {
          query: { locationId: location.id, search: search.trim() || undefined, categoryId: categoryId || undefined, productType, page, limit: 100 },
        }),
      ),
    [search, categoryId, productType],
  );
  const categoryName = new Map(props.menu.categories.map((category) => [category.id, category.name]));

  return (
    <div class="with-panel">
      <div class="panel">
        <div class="toolbar">
          <SearchBox label="Search products" value={search} onInput={setSearch} />
          <SelectField
            label="Category"
            value={categoryId}
            onChange={setCategoryId}
            options={[{ value: "", label: "Every category" }, ...props.menu.categories.map((c) => ({ value: c.id, label: c.name }))]}
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
          <Button tone="accent" onClick={() => setEditing("new")}>
            New product
          </Button>
        </div>
        <Problem error={products.error} />
        {products.data?.length === 0 ? (
          <p class="hint">
            {search || categoryId ? "No product matches." : "No products yet: “New product” adds the first (make a category first to file it in)."}
          </p>
        ) : (
          <table class="data-table" aria-label="Products">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col" class="number">Price</th>
                <th scope="col" class="number">Tax</th>
                <th scope="col" class="number">Stock</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span class="visually-hidden">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(products.data ?? []).map((product) => (
                <tr key={product.id}>
                  <td>{product.name}</td>
                  <td>{product.categoryId ? categoryName.get(product.categoryId) ?? "—" : "—"}</td>
                  <td class="number">{money(product.price)}</td>
                  <td class="number">{percentOf(product.taxRate)}%</td>
                  <td class="number">{product.trackInventory ? product.stockQuantity ?? 0 : "—"}</td>
                  <td>
                    {product.is86d ? <span class="chip chip-voided">86’d</span> : product.isActive ? "On sale" : <span class="chip">Inactive</span>}
                  </td>
                  <td>
                    <Button label={`Edit ${product.name}`} onClick={() => setEditing(product)}>
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {editing && (
        <ProductPanel
          key={editing === "new" ? "new" : editing.id}
          productId={editing === "new" ? null : editing.id}
          menu={props.menu}
          productType={productType}
          onClose={() => setEditing(null)}
          onChanged={products.reload}
        />
      )}
    </div>
  );
}
