// Categories as a tree: drag a row onto a sibling to take its place, or Move up / Move down
// (keyboard and screen readers); both send the siblings' new order in one request. Edits open
// in a side panel.

import { useState } from "preact/hooks";
import { createCategory, deleteCategory, reorderCategories, updateCategory } from "../../shared/api/categories";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
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
import { TranslationsEditor } from "./Translations";
import { translationsBody, translationsDraft } from "./translations";

// Marks, not words: the same in every language (a drag handle, a child's indent, the arrows).
const HANDLE = "⠿";
const CHILD = "↳ ";
const UP = "↑";
const DOWN = "↓";

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
          searchLabel={t("menu.categories.search")}
          newLabel={t("menu.categories.new")}
          onNew={() => edit("new")}
        />
        <Problem error={moving.error} />
        {categories.length === 0 ? (
          <p class="hint">{t("menu.categories.none")}</p>
        ) : (
          <RecordTable
            label={t("menu.categories.list")}
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
                title: t("menu.name"),
                cell: (row) => (
                  <>
                    <span class="drag-handle" aria-hidden="true">
                      {HANDLE}
                    </span>
                    <span style={{ paddingLeft: `${row.depth * 24}px` }}>
                      {row.depth > 0 ? CHILD : ""}
                      {row.category.name}
                    </span>
                  </>
                ),
              },
              {
                title: t("menu.status"),
                cell: (row) =>
                  row.category.isActive ? (
                    t("menu.categories.shown")
                  ) : (
                    <span class="chip chip-voided">{t("menu.categories.hidden")}</span>
                  ),
              },
            ]}
            actions={({ category }) => (
              <>
                <Button
                  label={t("menu.categories.up", { name: category.name })}
                  disabled={moving.busy}
                  onClick={() => reorder(stepOrder(categories, category.id, -1))}
                >
                  {UP}
                </Button>
                <Button
                  label={t("menu.categories.down", { name: category.name })}
                  disabled={moving.busy}
                  onClick={() => reorder(stepOrder(categories, category.id, 1))}
                >
                  {DOWN}
                </Button>
                <Button label={t("menu.editNamed", { name: category.name })} onClick={() => edit(category)}>
                  {t("menu.edit")}
                </Button>
              </>
            )}
          />
        )}
        <p class="hint">{t("menu.categories.dragHint")}</p>
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
  const [translations, setTranslations] = useState(() => translationsDraft(category?.translations));
  const saving = useAction();
  const parents = props.categories.filter((found) => found.id !== category?.id);

  async function save(event: Event) {
    event.preventDefault();
    const body = {
      name: name.trim(),
      parentCategoryId: parent || null,
      translations: translationsBody(translations, true),
    };
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
    <SidePanel
      title={category ? t("menu.editNamed", { name: category.name }) : t("menu.categories.new")}
      onClose={props.onClose}
    >
      <form onSubmit={save}>
        <TextField label={t("menu.categories.name")} value={name} onInput={setName} required />
        <TranslationsEditor value={translations} onChange={setTranslations} withDescription />
        <SelectField
          label={t("menu.categories.inside")}
          value={parent}
          onChange={setParent}
          options={[
            { value: "", label: t("menu.categories.top") },
            ...parents.map((found) => ({ value: found.id, label: found.name })),
          ]}
        />
        {category && <CheckField label={t("menu.categories.active")} checked={active} onChange={setActive} />}
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={category ? t("menu.categories.save") : t("menu.categories.create")}
          deleteLabel={category ? t("menu.categories.delete") : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
