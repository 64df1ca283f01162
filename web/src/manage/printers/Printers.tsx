// The location's ESC/POS printers: kitchen stations and receipt printers, their outboxes (what
// waits or failed, from each printer's newest jobs), edited in a side panel with recent jobs.

import { useEffect, useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { listCategories } from "../../shared/api/categories";
import { createPrinter, deletePrinter, listPrinters, printJobs, updatePrinter } from "../../shared/api/printers";
import { useBackOffice } from "../context";
import { wholeFrom } from "../menu/fields";
import {
  CategoryChecks,
  everyPage,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SelectField,
  SidePanel,
  TextField,
  useAction,
  useEditing,
  useLoaded,
} from "../parts";
import type { Category, Printer, PrinterKind, PrintJob } from "../types";
import { errorInWords, outbox } from "./outbox";

const KINDS: { value: PrinterKind; label: string }[] = [
  { value: "KITCHEN", label: "Kitchen (tickets on each send)" },
  { value: "RECEIPT", label: "Receipt (guest checks)" },
];
const kindName = (kind: PrinterKind) => (kind === "KITCHEN" ? "Kitchen" : "Receipt");
const JOB_KINDS: Record<PrintJob["kind"], string> = {
  TICKET: "Kitchen ticket",
  VOID: "Void ticket",
  RECEIPT: "Receipt",
};
/** The outbox is judged on each printer's newest jobs: what waits is always among them. */
const RECENT_JOBS = 100;
const REFRESH_MS = 30_000;
const CHIPS = {
  waiting: "chip chip-pending",
  failed: "chip chip-voided",
  healthy: undefined,
  unused: undefined,
} as const;

interface PrinterRow extends Printer {
  jobs: PrintJob[];
}

export function Printers() {
  const { api, location } = useBackOffice();
  const [search, setSearch] = useState("");
  const { editing, edit, close, saved } = useEditing<PrinterRow>();
  const printers = useLoaded(async () => {
    const found = await everyPage((page) => listPrinters(api, { locationId: location.id, page, limit: 100 }));
    return Promise.all(
      found.map(async (printer) => {
        const jobs = await printJobs(api, printer.id, { limit: RECENT_JOBS });
        return { ...printer, jobs: jobs.data };
      }),
    );
  }, []);
  const categories = useLoaded(
    () => listCategories(api, { locationId: location.id, includeInactive: true }).then((page) => page.data),
    [],
  );
  const reloadPrinters = printers.reload;
  useEffect(() => {
    const timer = setInterval(reloadPrinters, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reloadPrinters]);

  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const stations = (printer: Printer) =>
    printer.kind === "RECEIPT"
      ? "—"
      : printer.categoryIds.length === 0
        ? "Everything"
        : printer.categoryIds.map((id) => categoryName.get(id) ?? "a removed category").join(", ");
  const needle = search.trim().toLowerCase();
  const shown = (printers.data ?? []).filter(
    (printer) => !needle || printer.name.toLowerCase().includes(needle) || printer.host.includes(needle),
  );
  const now = new Date();

  return (
    <section class="section" aria-labelledby="printers-title">
      <header class="section-head">
        <h1 id="printers-title">Printers</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel="Search printers"
            newLabel="New printer"
            onNew={() => edit("new")}
          />
          <Problem error={printers.error ?? categories.error} />
          {printers.data?.length === 0 ? (
            <p class="hint">
              No printers yet: add each kitchen station's printer and the receipt printer by its network address (port
              9100 unless its manual says otherwise).
            </p>
          ) : (
            <RecordTable
              label="Printers"
              rows={shown}
              columns={[
                { title: "Name", cell: (printer) => printer.name },
                { title: "Kind", cell: (printer) => kindName(printer.kind) },
                { title: "Address", wraps: true, cell: (printer) => <code>{`${printer.host}:${printer.port}`}</code> },
                { title: "Prints", wraps: true, cell: stations },
                {
                  title: "Outbox",
                  wraps: true,
                  cell: (printer) => {
                    const state = outbox(printer.jobs, now);
                    return <span class={CHIPS[state.state]}>{state.words}</span>;
                  },
                },
              ]}
              actions={(printer) => (
                <Button label={`Edit printer ${printer.name}`} onClick={() => edit(printer)}>
                  Edit
                </Button>
              )}
            />
          )}
        </div>
        {editing && (
          <PrinterPanel
            key={editing === "new" ? "new" : editing.id}
            printer={editing === "new" ? null : editing}
            categories={categories.data ?? []}
            onClose={close}
            onSaved={saved(printers.reload)}
          />
        )}
      </div>
    </section>
  );
}

function PrinterPanel(props: {
  printer: PrinterRow | null;
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { api, location } = useBackOffice();
  const { printer } = props;
  const [name, setName] = useState(printer?.name ?? "");
  const [kind, setKind] = useState<PrinterKind>(printer?.kind ?? "KITCHEN");
  const [host, setHost] = useState(printer?.host ?? "");
  const [port, setPort] = useState(String(printer?.port ?? 9100));
  const [categoryIds, setCategoryIds] = useState<string[]>(printer?.categoryIds ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    const portNumber = wholeFrom(port);
    if (portNumber === null) {
      setProblem("Port is a whole number (usually 9100).");
      return;
    }
    setProblem(null);
    // A receipt printer names no stations (the API refuses them).
    const body = {
      name: name.trim(),
      kind,
      host: host.trim(),
      port: portNumber,
      categoryIds: kind === "KITCHEN" ? categoryIds : [],
    };
    const done = await saving.run(() =>
      printer ? updatePrinter(api, printer.id, body) : createPrinter(api, { ...body, locationId: location.id }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (printer && (await saving.run(() => deletePrinter(api, printer.id)))) props.onSaved();
  }

  return (
    <SidePanel title={printer ? `Edit printer ${printer.name}` : "New printer"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Printer name" value={name} onInput={setName} required placeholder="Grill, Bar, Front till…" />
        <SelectField label="Kind" value={kind} onChange={setKind} options={KINDS} />
        <div class="field-row">
          <TextField label="Host" value={host} onInput={setHost} required placeholder="192.168.1.50" />
          <TextField label="Port" value={port} onInput={setPort} inputMode="numeric" />
        </div>
        {kind === "KITCHEN" && (
          <CategoryChecks
            legend="Station: the categories it prints"
            hint="None ticked: it prints every item (an expo printer)."
            categories={props.categories}
            value={categoryIds}
            onChange={setCategoryIds}
          />
        )}
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim() && !!host.trim()}
          saveLabel={printer ? "Save printer" : "Add printer"}
          deleteLabel={printer ? "Delete printer" : undefined}
          confirmDelete={printer ? `Delete ${printer.name}? Jobs still waiting for it will not print.` : undefined}
          onDelete={remove}
        />
      </form>
      {printer && <RecentJobs jobs={printer.jobs} />}
    </SidePanel>
  );
}

function RecentJobs(props: { jobs: PrintJob[] }) {
  const { location } = useBackOffice();
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const when = (at: string) => format.format(new Date(at));
  const status = (job: PrintJob) => {
    if (job.status === "PRINTED") return `Printed ${job.printedAt ? when(job.printedAt) : ""}`;
    const tries = `${job.attempts} failed ${job.attempts === 1 ? "try" : "tries"}`;
    return (
      <>
        {job.status === "FAILED" ? (
          <span class="chip chip-voided">Failed, gave up after {tries}</span>
        ) : (
          <span class="chip chip-pending">Waiting, {tries}</span>
        )}
        {job.lastError && <span class="print-error">{errorInWords(job.lastError)}</span>}
      </>
    );
  };
  return (
    <section aria-labelledby="recent-jobs-title">
      <h3 id="recent-jobs-title">Recent jobs</h3>
      {props.jobs.length === 0 ? (
        <p class="hint">Nothing printed yet: its first kitchen ticket or receipt will show here.</p>
      ) : (
        <RecordTable
          label="Recent jobs"
          rows={props.jobs.slice(0, 20)}
          columns={[
            { title: "Queued", wraps: true, cell: (job) => when(job.createdAt) },
            { title: "What", wraps: true, cell: (job) => JOB_KINDS[job.kind] },
            { title: "Status", wraps: true, cell: status },
          ]}
        />
      )}
    </section>
  );
}
