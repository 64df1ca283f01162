// The location's dining tables: name, section and seats, edited in a side panel.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { createTable, deleteTable, listTables, updateTable } from "../../shared/api/dining";
import { useBackOffice } from "../context";
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
        <h1 id="tables-title">Tables</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel="Search tables"
            newLabel="New table"
            onNew={() => edit("new")}
          />
          <Problem error={tables.error} />
          {tables.data?.length === 0 ? (
            <p class="hint">
              No tables yet: add them section by section (Inside 1, 2, 3…; Patio…). Takeout needs none.
            </p>
          ) : (
            <RecordTable
              label="Tables"
              rows={shown}
              columns={[
                { title: "Table", cell: (table) => table.name },
                { title: "Section", cell: (table) => table.section ?? "—" },
                { title: "Seats", number: true, cell: (table) => table.seats ?? "—" },
                { title: "Now", cell: (table) => (table.status === "OCCUPIED" ? "Occupied" : "Free") },
              ]}
              actions={(table) => (
                <Button label={`Edit table ${table.name}`} onClick={() => edit(table)}>
                  Edit
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
      setProblem("Seats is a whole number.");
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
    <SidePanel title={table ? `Edit table ${table.name}` : "New table"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Table name" value={name} onInput={setName} required />
        <TextField label="Section" value={section} onInput={setSection} placeholder="Inside, Patio, Bar…" />
        <TextField label="Seats" value={seats} onInput={setSeats} inputMode="numeric" />
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={table ? "Save table" : "Create table"}
          deleteLabel={table ? "Delete table" : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
