// Categories as a tree: drag a row onto a sibling to take its place, or Move up / Move down
// (keyboard and screen readers); both send the siblings' new order in one request. Edits open
// in a side panel.

import { useState } from "preact/hooks";
import { createCategory, deleteCategory, reorderCategories, updateCategory } from "../../shared/api/categories";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import {
  CheckField,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SelectField,
  SidePanel,
  TextField,
  useAction,
  useEditing,
} from "../parts";
import type { Category } from "../types";
import type { MenuData } from "./Menu";
import { dropOrder, stepOrder, treeRows } from "./reorder";

export function Categories(props: { menu: MenuData }) {
  const { api, location } = useBackOffice();
  const { categories, reloadCategories } = props.menu;
  const { editing, edit, close, saved } = useEditing<Category>();
  const [dragged, setDragged] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const moving = useAction();

  const reorder = async (order: string[] | null) => {
    if (!order) return;
    if (await moving.run(() => reorderCategories(api, { categoryIds: order, locationId: location.id }))) {
      reloadCategories();
    }
  };
  const needle = search.trim().toLowerCase();
  const rows = treeRows(categories)
    .filter((row) => !needle || row.category.name.toLowerCase().includes(needle))
    .map((row) => ({ ...row, id: row.category.id }));

  return (
    <div class="with-panel">
      <div class="panel">
        <ListTools
          search={search}
          onSearch={setSearch}
          searchLabel="Search categories"
          newLabel="New category"
          onNew={() => edit("new")}
        />
        <Problem error={moving.error} />
        {categories.length === 0 ? (
          <p class="hint">No categories yet: start the menu with “New category” (Mains, Drinks…).</p>
        ) : (
          <RecordTable
            label="Categories"
            rows={rows}
            rowProps={(row) => ({
              draggable: !needle,
              class: dragged === row.id ? "dragging" : "",
              onDragStart: (event: DragEvent) => {
                setDragged(row.id);
                event.dataTransfer?.setData("text/plain", row.id);
              },
              onDragEnd: () => setDragged(null),
              onDragOver: (event: DragEvent) => event.preventDefault(),
              onDrop: (event: DragEvent) => {
                event.preventDefault();
                const id = event.dataTransfer?.getData("text/plain") || dragged;
                setDragged(null);
                if (id) reorder(dropOrder(categories, id, row.id));
              },
            })}
            columns={[
              {
                title: "Name",
                cell: (row) => (
                  <>
                    <span class="drag-handle" aria-hidden="true">
                      ⠿
                    </span>
                    <span style={{ paddingLeft: `${row.depth * 24}px` }}>
                      {row.depth > 0 ? "↳ " : ""}
                      {row.category.name}
                    </span>
                  </>
                ),
              },
              {
                title: "Status",
                cell: (row) => (row.category.isActive ? "Shown" : <span class="chip chip-voided">Hidden</span>),
              },
            ]}
            actions={({ category }) => (
              <>
                <Button
                  label={`Move ${category.name} up`}
                  disabled={moving.busy}
                  onClick={() => reorder(stepOrder(categories, category.id, -1))}
                >
                  ↑
                </Button>
                <Button
                  label={`Move ${category.name} down`}
                  disabled={moving.busy}
                  onClick={() => reorder(stepOrder(categories, category.id, 1))}
                >
                  ↓
                </Button>
                <Button label={`Edit ${category.name}`} onClick={() => edit(category)}>
                  Edit
                </Button>
              </>
            )}
          />
        )}
        <p class="hint">Drag a row onto another of the same level to move it there, or use ↑ and ↓.</p>
      </div>
      {editing && (
        <CategoryPanel
          key={editing === "new" ? "new" : editing.id}
          category={editing === "new" ? null : editing}
          categories={categories}
          onClose={close}
          onSaved={saved(reloadCategories)}
        />
      )}
    </div>
  );
}

function CategoryPanel(props: {
  category: Category | null;
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}) {
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
        ? updateCategory(api, category.id, { ...body, isActive: active })
        : createCategory(api, {
            ...body,
            locationId: location.id,
            sortOrder: props.categories.filter((found) => found.parentCategoryId === (parent || null)).length,
          }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (category && (await saving.run(() => deleteCategory(api, category.id)))) props.onSaved();
  }

  return (
    <SidePanel title={category ? `Edit ${category.name}` : "New category"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Category name" value={name} onInput={setName} required />
        <SelectField
          label="Inside"
          value={parent}
          onChange={setParent}
          options={[
            { value: "", label: "The top of the menu" },
            ...parents.map((found) => ({ value: found.id, label: found.name })),
          ]}
        />
        {category && <CheckField label="Shown on the terminal" checked={active} onChange={setActive} />}
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={category ? "Save category" : "Create category"}
          deleteLabel={category ? "Delete category" : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
