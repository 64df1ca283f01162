// Categories as a tree: drag a row onto a sibling to take its place, or Move up / Move down
// (keyboard and screen readers); both send the siblings' new order in one request. Edits open
// in a side panel.

import { useState } from "preact/hooks";
import { Button } from "../../kit/ui";
import { useBackOffice } from "../context";
import { CheckField, Problem, SearchBox, SelectField, SidePanel, TextField, useAction } from "../parts";
import type { Category } from "../types";
import type { MenuData } from "./Menu";
import { dropOrder, stepOrder, treeRows } from "./reorder";

export function Categories(props: { menu: MenuData }) {
  const { api, location } = useBackOffice();
  const { categories, reloadCategories } = props.menu;
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const moving = useAction();

  const reorder = async (order: string[] | null) => {
    if (!order) return;
    if (await moving.run(() => api.put("/api/categories/reorder", { categoryIds: order, locationId: location.id }))) {
      reloadCategories();
    }
  };
  const needle = search.trim().toLowerCase();
  const rows = treeRows(categories).filter((row) => !needle || row.category.name.toLowerCase().includes(needle));

  return (
    <div class="with-panel">
      <div class="panel">
        <div class="toolbar">
          <SearchBox label="Search categories" value={search} onInput={setSearch} />
          <Button tone="accent" onClick={() => setEditing("new")}>
            New category
          </Button>
        </div>
        <Problem error={moving.error} />
        {categories.length === 0 ? (
          <p class="hint">No categories yet: start the menu with “New category” (Mains, Drinks…).</p>
        ) : (
          <table class="data-table" aria-label="Categories">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Order (drag a row, or move it)</th>
                <th scope="col">
                  <span class="visually-hidden">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ category, depth }) => (
                <tr
                  key={category.id}
                  draggable={!needle}
                  class={dragged === category.id ? "dragging" : ""}
                  onDragStart={(event) => {
                    setDragged(category.id);
                    event.dataTransfer?.setData("text/plain", category.id);
                  }}
                  onDragEnd={() => setDragged(null)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => {
                    event.preventDefault();
                    const id = event.dataTransfer?.getData("text/plain") || dragged;
                    setDragged(null);
                    if (id) reorder(dropOrder(categories, id, category.id));
                  }}
                >
                  <td>
                    <span class="drag-handle" aria-hidden="true">
                      ⠿
                    </span>
                    <span style={{ paddingLeft: `${depth * 24}px` }}>{depth > 0 ? "↳ " : ""}{category.name}</span>
                  </td>
                  <td>{category.isActive ? "Shown" : <span class="chip chip-voided">Hidden</span>}</td>
                  <td class="row-tools">
                    <Button label={`Move ${category.name} up`} disabled={moving.busy} onClick={() => reorder(stepOrder(categories, category.id, -1))}>
                      ↑
                    </Button>
                    <Button label={`Move ${category.name} down`} disabled={moving.busy} onClick={() => reorder(stepOrder(categories, category.id, 1))}>
                      ↓
                    </Button>
                  </td>
                  <td>
                    <Button label={`Edit ${category.name}`} onClick={() => setEditing(category)}>
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
        <CategoryPanel
          key={editing === "new" ? "new" : editing.id}
          category={editing === "new" ? null : editing}
          categories={categories}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reloadCategories();
          }}
        />
      )}
    </div>
  );
}

function CategoryPanel(props: { category: Category | null; categories: Category[]; onClose: () => void; onSaved: () => void }) {
  const { api, location } = useBackOffice();
  const { category } = props;
  const [name, setName] = useState(category?.name ?? "");
  const [parent, setParent] = useState(category?.parentCategoryId ?? "");
  const [active, setActive] = useState(category?.isActive ?? true);
  const saving = useAction();
  const parents = props.categories.filter((found) => found.id !== category?.id);

  async function save(event: Event) {
    event.preventDefault();
    const body = { name: name.trim(), parentCategoryId: parent || null };
    const done = await saving.run(() =>
      category
        ? api.put(`/api/categories/${category.id}`, { ...body, isActive: active })
        : api.post("/api/categories", {
            ...body,
            locationId: location.id,
            sortOrder: props.categories.filter((found) => found.parentCategoryId === (parent || null)).length,
          }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (category && (await saving.run(() => api.delete(`/api/categories/${category.id}`)))) props.onSaved();
  }

  return (
    <SidePanel title={category ? `Edit ${category.name}` : "New category"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Category name" value={name} onInput={setName} required />
        <SelectField
          label="Inside"
          value={parent}
          onChange={setParent}
          options={[{ value: "", label: "The top of the menu" }, ...parents.map((found) => ({ value: found.id, label: found.name }))]}
        />
        {category && <CheckField label="Shown on the terminal" checked={active} onChange={setActive} />}
        <Problem error={saving.error} />
        <div class="panel-actions">
          <Button type="submit" tone="accent" disabled={saving.busy || !name.trim()}>
            {category ? "Save category" : "Create category"}
          </Button>
          {category && (
            <Button tone="danger" onClick={remove} disabled={saving.busy}>
              Delete category
            </Button>
          )}
        </div>
      </form>
    </SidePanel>
  );
}
