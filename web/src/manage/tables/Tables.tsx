// The location's dining tables: name, section and seats, edited in a side panel.

import { useEffect, useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { createTable, deleteTable, listTables, newGuestCode, tableQrCode, updateTable } from "../../shared/api/dining";
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
  // Every table's QR code on one sheet, to print.
  const [printing, setPrinting] = useState(false);
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
        {(tables.data?.length ?? 0) > 0 && <Button onClick={() => setPrinting(true)}>{t("tables.printCodes")}</Button>}
      </header>
      {printing && tables.data && <CodesSheet tables={tables.data} onClose={() => setPrinting(false)} />}
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
      {table && <GuestCode table={table} />}
    </SidePanel>
  );
}

/** The table's QR code as an image's address, read again whenever `code` changes; null until
 * drawn. */
function useQrCode(tableId: string, code: string | null | undefined): { image: string | null; error: unknown } {
  const { api } = useBackOffice();
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    tableQrCode(api, tableId)
      .then((drawn) => live && setSvg(drawn))
      .catch((failure) => live && setError(failure));
    return () => {
      live = false;
    };
  }, [api, tableId, code]);
  return { image: svg && `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, error };
}

/** The table's QR code for guests' phones (docs/design.md §28): shown, downloaded to print,
 * and replaced when a photo of it went where it should not. */
function GuestCode(props: { table: DiningTable }) {
  const { api } = useBackOffice();
  const { table } = props;
  const [code, setCode] = useState(table.guestCode);
  const replacing = useAction();
  const { image, error } = useQrCode(table.id, code);
  return (
    <section class="guest-code" aria-labelledby="guest-code-title">
      <h3 id="guest-code-title">{t("tables.guestCode")}</h3>
      <p class="hint">{t("tables.guestCodeHint")}</p>
      {image && <img src={image} alt={t("tables.qrOf", { name: table.name })} width={180} height={180} />}
      <Problem error={error ?? replacing.error} />
      <div class="panel-actions">
        {image && (
          <a class="btn btn-neutral" href={image} download={t("tables.qrFile", { name: table.name })}>
            {t("tables.downloadCode")}
          </a>
        )}
        <Button
          disabled={replacing.busy}
          onClick={() => replacing.run(async () => setCode((await newGuestCode(api, table.id)).guestCode))}
        >
          {t("tables.replaceCode")}
        </Button>
      </div>
    </section>
  );
}

/** Every table's QR code on one sheet, to print and cut out (docs/design.md §28): each with
 * the table's name and what scanning it does. */
function CodesSheet(props: { tables: DiningTable[]; onClose: () => void }) {
  const { location } = useBackOffice();
  return (
    <div class="codes-sheet" role="dialog" aria-modal="true" aria-labelledby="codes-sheet-title">
      <header class="toolbar no-print">
        <h2 id="codes-sheet-title">{t("tables.codesSheet")}</h2>
        <Button tone="accent" onClick={() => window.print()}>
          {t("tables.print")}
        </Button>
        <Button onClick={props.onClose}>{t("tables.closeSheet")}</Button>
      </header>
      <ul class="codes-grid" aria-label={t("tables.codesSheet")}>
        {props.tables.map((table) => (
          <TableCard key={table.id} table={table} restaurant={location.name ?? ""} />
        ))}
      </ul>
    </div>
  );
}

function TableCard(props: { table: DiningTable; restaurant: string }) {
  const { table } = props;
  const { image, error } = useQrCode(table.id, table.guestCode);
  return (
    <li class="code-card">
      <strong>{t("tables.cardTitle", { name: table.name })}</strong>
      {image && <img src={image} alt={t("tables.qrOf", { name: table.name })} width={160} height={160} />}
      <Problem error={error} />
      <span>{t("tables.cardHint", { restaurant: props.restaurant })}</span>
    </li>
  );
}
