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
import { t } from "../messages";
import { locale } from "../../shared/i18n";

const KINDS: PrinterKind[] = ["KITCHEN", "RECEIPT"];
const kindName = (kind: PrinterKind) => t(`printers.kindName.${kind}`);
// A sign, not a word: a receipt printer prints no station.
const NOTHING = "—";
const addressOf = (printer: Printer) => `${printer.host}:${printer.port}`;
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
      ? NOTHING
      : printer.categoryIds.length === 0
        ? t("printers.everything")
        : printer.categoryIds.map((id) => categoryName.get(id) ?? t("printers.removedCategory")).join(", ");
  const needle = search.trim().toLowerCase();
  const shown = (printers.data ?? []).filter(
    (printer) => !needle || printer.name.toLowerCase().includes(needle) || printer.host.includes(needle),
  );
  const now = new Date();

  return (
    <section class="section" aria-labelledby="printers-title">
      <header class="section-head">
        <h1 id="printers-title">{t("printers.title")}</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel={t("printers.search")}
            newLabel={t("printers.new")}
            onNew={() => edit("new")}
          />
          <Problem error={printers.error ?? categories.error} />
          {printers.data?.length === 0 ? (
            <p class="hint">{t("printers.none")}</p>
          ) : (
            <RecordTable
              label={t("printers.list")}
              rows={shown}
              columns={[
                { title: t("printers.name"), cell: (printer) => printer.name },
                { title: t("printers.kind"), cell: (printer) => kindName(printer.kind) },
                {
                  title: t("printers.address"),
                  wraps: true,
                  cell: (printer) => <code>{addressOf(printer)}</code>,
                },
                { title: t("printers.prints"), wraps: true, cell: stations },
                {
                  title: t("printers.outbox"),
                  wraps: true,
                  cell: (printer) => {
                    const state = outbox(printer.jobs, now);
                    return <span class={CHIPS[state.state]}>{state.words}</span>;
                  },
                },
              ]}
              actions={(printer) => (
                <Button label={t("printers.editOf", { name: printer.name })} onClick={() => edit(printer)}>
                  {t("printers.edit")}
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
      setProblem(t("printers.portWhole"));
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
    <SidePanel
      title={printer ? t("printers.editOf", { name: printer.name }) : t("printers.new")}
      onClose={props.onClose}
    >
      <form onSubmit={save}>
        <TextField
          label={t("printers.printerName")}
          value={name}
          onInput={setName}
          required
          placeholder={t("printers.namePlaceholder")}
        />
        <SelectField
          label={t("printers.kind")}
          value={kind}
          onChange={setKind}
          options={KINDS.map((value) => ({ value, label: t(`printers.kind.${value}`) }))}
        />
        <div class="field-row">
          <TextField label={t("printers.host")} value={host} onInput={setHost} required placeholder="192.168.1.50" />
          <TextField label={t("printers.port")} value={port} onInput={setPort} inputMode="numeric" />
        </div>
        {kind === "KITCHEN" && (
          <CategoryChecks
            legend={t("printers.stationLegend")}
            hint={t("printers.stationHint")}
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
          saveLabel={t(printer ? "printers.save" : "printers.add")}
          deleteLabel={printer ? t("printers.delete") : undefined}
          confirmDelete={printer ? t("printers.confirmDelete", { name: printer.name }) : undefined}
          onDelete={remove}
        />
      </form>
      {printer && <RecentJobs jobs={printer.jobs} />}
    </SidePanel>
  );
}

function RecentJobs(props: { jobs: PrintJob[] }) {
  const { location } = useBackOffice();
  const format = new Intl.DateTimeFormat(locale() === "en" ? "en-GB" : locale(), {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const when = (at: string) => format.format(new Date(at));
  const status = (job: PrintJob) => {
    if (job.status === "PRINTED") return t("printers.printed", { when: job.printedAt ? when(job.printedAt) : "" });
    const tries = t("printers.tries", { count: job.attempts });
    return (
      <>
        {job.status === "FAILED" ? (
          <span class="chip chip-voided">{t("printers.gaveUp", { tries })}</span>
        ) : (
          <span class="chip chip-pending">{t("printers.waiting", { tries })}</span>
        )}
        {job.lastError && <span class="print-error">{errorInWords(job.lastError)}</span>}
      </>
    );
  };
  return (
    <section aria-labelledby="recent-jobs-title">
      <h3 id="recent-jobs-title">{t("printers.recent")}</h3>
      {props.jobs.length === 0 ? (
        <p class="hint">{t("printers.noJobs")}</p>
      ) : (
        <RecordTable
          label={t("printers.recent")}
          rows={props.jobs.slice(0, 20)}
          columns={[
            { title: t("printers.queued"), wraps: true, cell: (job) => when(job.createdAt) },
            { title: t("printers.what"), wraps: true, cell: (job) => t(`printers.job.${job.kind}`) },
            { title: t("printers.status"), wraps: true, cell: status },
          ]}
        />
      )}
    </section>
  );
}
