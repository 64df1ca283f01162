// The location's dining tables: name, section and seats, edited in a side panel.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { createTable, deleteTable, listTables, updateTable } from "../../shared/api/dining";
import { useBackOffice } from "../context";
import { t } from "../messages";
import {
  everyPage,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SidePanel,
  TextField,
  useAction,
  useEditing,
  useLoaded,
} from "../parts";
import type { DiningTable } from "../types";
import { wholeFrom } from "../menu/fields";

export function Tables() {
  const { api, location } = useBackOffice();
  const [search, setSearch] = useState("");
  const { editing, edit, close, saved } = useEditing<DiningTable>();
  const tables = useLoaded(
    () => everyPage((page) => listTables(api, { locationId: location.id, page, limit: 100 })),
    [],
  );
  const needle = search.trim().toLowerCase();
  const shown = (tables.data ?? []).filter(
    (table) =>
      !needle || table.name.toLowerCase().includes(needle) || (table.section ?? "").toLowerCase().includes(needle),
  );
  return (
    <section class="section" aria-labelledby="tables-title">
      <header class="section-head">
        <h1 id="tables-title">{t("tables.title")}</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel={t("tables.search")}
            newLabel={t("tables.new")}
            onNew={() => edit("new")}
          />
          <Problem error={tables.error} />
          {tables.data?.length === 0 ? (
            <p class="hint">{t("tables.none")}</p>
          ) : (
            <RecordTable
              label={t("tables.list")}
              rows={shown}
              columns={[
                { title: t("tables.table"), cell: (table) => table.name },
                { title: t("tables.section"), cell: (table) => table.section ?? "—" },
                { title: t("tables.seats"), number: true, cell: (table) => table.seats ?? "—" },
                {
                  title: t("tables.now"),
                  cell: (table) => t(table.status === "OCCUPIED" ? "tables.occupied" : "tables.free"),
                },
              ]}
              actions={(table) => (
                <Button label={t("tables.editOf", { name: table.name })} onClick={() => edit(table)}>
                  {t("tables.edit")}
                </Button>
              )}
            />
          )}
        </div>
        {editing && (
          <TablePanel
            key={editing === "new" ? "new" : editing.id}
            table={editing === "new" ? null : editing}
            onClose={close}
            onSaved={saved(tables.reload)}
          />
        )}
      </div>
    </section>
  );
}

function TablePanel(props: { table: DiningTable | null; onClose: () => void; onSaved: () => void }) {
  const { api, location } = useBackOffice();
  const { table } = props;
  const [name, setName] = useState(table?.name ?? "");
  const [section, setSection] = useState(table?.section ?? "");
  const [seats, setSeats] = useState(table?.seats != null ? String(table.seats) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    const seatCount = seats.trim() ? wholeFrom(seats) : null;
    if (seats.trim() && seatCount === null) {
      setProblem(t("tables.seatsWhole"));
      return;
    }
    setProblem(null);
    const body = { name: name.trim(), section: section.trim() || null, seats: seatCount };
    const done = await saving.run(() =>
      table ? updateTable(api, table.id, body) : createTable(api, { ...body, locationId: location.id }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (table && (await saving.run(() => deleteTable(api, table.id)))) props.onSaved();
  }

  return (
    <SidePanel title={table ? t("tables.editOf", { name: table.name }) : t("tables.new")} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label={t("tables.name")} value={name} onInput={setName} required />
        <TextField
          label={t("tables.section")}
          value={section}
          onInput={setSection}
          placeholder={t("tables.sectionPlaceholder")}
        />
        <TextField label={t("tables.seats")} value={seats} onInput={setSeats} inputMode="numeric" />
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={t(table ? "tables.save" : "tables.create")}
          deleteLabel={table ? t("tables.delete") : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
