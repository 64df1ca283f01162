// The location's dining tables: name, section and seats, edited in a side panel.

import { useState } from "preact/hooks";
import { Button } from "../../kit/ui";
import { useBackOffice } from "../context";
import { everyPage, Problem, SearchBox, SidePanel, TextField, useAction, useLoaded } from "../parts";
import type { DiningTable, Page } from "../types";
import { wholeFrom } from "../menu/fields";

export function Tables() {
  const { api, location } = useBackOffice();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<DiningTable | "new" | null>(null);
  const tables = useLoaded(
    () => everyPage((page) => api.get<Page<DiningTable>>("/api/tables", { query: { locationId: location.id, page, limit: 100 } })),
    [],
  );
  const needle = search.trim().toLowerCase();
  const shown = (tables.data ?? []).filter(
    (table) => !needle || table.name.toLowerCase().includes(needle) || (table.section ?? "").toLowerCase().includes(needle),
  );
  return (
    <section class="section" aria-labelledby="tables-title">
      <header class="section-head">
        <h1 id="tables-title">Tables</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <div class="toolbar">
            <SearchBox label="Search tables" value={search} onInput={setSearch} />
            <Button tone="accent" onClick={() => setEditing("new")}>
              New table
            </Button>
          </div>
          <Problem error={tables.error} />
          {tables.data?.length === 0 ? (
            <p class="hint">No tables yet: add them section by section (Inside 1, 2, 3…; Patio…). Takeout needs none.</p>
          ) : (
            <table class="data-table" aria-label="Tables">
              <thead>
                <tr>
                  <th scope="col">Table</th>
                  <th scope="col">Section</th>
                  <th scope="col" class="number">Seats</th>
                  <th scope="col">Now</th>
                  <th scope="col">
                    <span class="visually-hidden">Edit</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((table) => (
                  <tr key={table.id}>
                    <td>{table.name}</td>
                    <td>{table.section ?? "—"}</td>
                    <td class="number">{table.seats ?? "—"}</td>
                    <td>{table.status === "OCCUPIED" ? "Occupied" : "Free"}</td>
                    <td>
                      <Button label={`Edit table ${table.name}`} onClick={() => setEditing(table)}>
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
          <TablePanel
            key={editing === "new" ? "new" : editing.id}
            table={editing === "new" ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              tables.reload();
            }}
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
      table ? api.put(`/api/tables/${table.id}`, body) : api.post("/api/tables", { ...body, locationId: location.id }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (table && (await saving.run(() => api.delete(`/api/tables/${table.id}`)))) props.onSaved();
  }

  return (
    <SidePanel title={table ? `Edit table ${table.name}` : "New table"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Table name" value={name} onInput={setName} required />
        <TextField label="Section" value={section} onInput={setSection} placeholder="Inside, Patio, Bar…" />
        <TextField label="Seats" value={seats} onInput={setSeats} inputMode="numeric" />
        {problem && (
          <p class="error" role="alert">
            {problem}
          </p>
        )}
        <Problem error={saving.error} />
        <div class="panel-actions">
          <Button type="submit" tone="accent" disabled={saving.busy || !name.trim()}>
            {table ? "Save table" : "Create table"}
          </Button>
          {table && (
            <Button tone="danger" onClick={remove} disabled={saving.busy}>
              Delete table
            </Button>
          )}
        </div>
      </form>
    </SidePanel>
  );
}
