// The location's card readers (docs/design.md §27): each one's provider and state (idle, or
// showing a charge), the terminals whose default it is; paired in a side panel, where a
// terminal's default reader is chosen too. A manual simulator reader has its page
// (/reader/{id}, ReaderPad.tsx) where a person plays the guest with the card.

import { useEffect, useState } from "preact/hooks";
import { createReader, deleteReader, listReaders, setDefaultReader } from "../../shared/api/cards";
import { listDevices } from "../../shared/api/dining";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import {
  CheckField,
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
import type { Device } from "../types";
import { t } from "../messages";
import { isProvider, PROVIDERS, type Provider, type Reader, readerPage, terminalsOf } from "./readers";

/** A provider's name in words; one added by a third party shows as the server names it. */
const providerName = (provider: string) => (isProvider(provider) ? t(`readers.provider.${provider}`) : provider);

// A reader's state changes as the terminals charge on it.
const REFRESH_MS = 5_000;

export function Readers() {
  const { api, location } = useBackOffice();
  const [search, setSearch] = useState("");
  const { editing, edit, close, saved } = useEditing<Reader>();
  const readers = useLoaded(() => listReaders(api, location.id), []);
  const terminals = useLoaded(
    () =>
      everyPage((page) => listDevices(api, { locationId: location.id, page, limit: 100 })).then((found) =>
        found.filter((device) => device.kind === "TERMINAL" && !device.revokedAt),
      ),
    [],
  );
  const reload = readers.reload;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const needle = search.trim().toLowerCase();
  const shown = (readers.data ?? []).filter((reader) => !needle || reader.name.toLowerCase().includes(needle));
  const devices = terminals.data ?? [];

  return (
    <section class="section" aria-labelledby="readers-title">
      <header class="section-head">
        <h1 id="readers-title">{t("readers.title")}</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel={t("readers.search")}
            newLabel={t("readers.new")}
            onNew={() => edit("new")}
          />
          <Problem error={readers.error ?? terminals.error} />
          {readers.data?.length === 0 ? (
            <p class="hint">{t("readers.none")}</p>
          ) : (
            <RecordTable
              label={t("readers.list")}
              rows={shown}
              columns={[
                { title: t("readers.name"), cell: (reader) => reader.name },
                { title: t("readers.provider"), cell: (reader) => providerName(reader.provider) },
                {
                  title: t("readers.state"),
                  cell: (reader) =>
                    reader.state === "BUSY" ? (
                      <span class="chip chip-pending">{t("readers.busy")}</span>
                    ) : (
                      <span class="chip">{t("readers.idle")}</span>
                    ),
                },
                {
                  title: t("readers.defaultFor"),
                  wraps: true,
                  cell: (reader) => terminalsOf(reader, devices).join(", ") || t("readers.noTerminal"),
                },
              ]}
              actions={(reader) => (
                <Button label={t("readers.editOf", { name: reader.name })} onClick={() => edit(reader)}>
                  {t("readers.edit")}
                </Button>
              )}
            />
          )}
        </div>
        {editing && (
          <ReaderPanel
            key={editing === "new" ? "new" : editing.id}
            reader={editing === "new" ? null : editing}
            terminals={devices}
            onClose={close}
            onSaved={saved(readers.reload)}
          />
        )}
      </div>
    </section>
  );
}

function ReaderPanel(props: { reader: Reader | null; terminals: Device[]; onClose: () => void; onSaved: () => void }) {
  const { api, location } = useBackOffice();
  const { reader } = props;
  const [name, setName] = useState(reader?.name ?? "");
  const [provider, setProvider] = useState<Provider>("simulator");
  const [manual, setManual] = useState(false);
  const [code, setCode] = useState("");
  const [defaults, setDefaults] = useState<string[]>(reader?.defaultForDeviceIds ?? []);
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    const done = await saving.run(async () => {
      const kept =
        reader ??
        (await createReader(api, {
          locationId: location.id,
          provider,
          name: name.trim(),
          mode: provider === "simulator" && manual ? "MANUAL" : "AUTOMATIC",
          registrationCode: provider === "simulator" ? null : code.trim(),
        }));
      for (const terminal of props.terminals) {
        const was = kept.defaultForDeviceIds.includes(terminal.id);
        const wanted = defaults.includes(terminal.id);
        if (was !== wanted) await setDefaultReader(api, kept.id, terminal.id, wanted);
      }
    });
    if (done) props.onSaved();
  }

  async function remove() {
    if (reader && (await saving.run(() => deleteReader(api, reader.id)))) props.onSaved();
  }

  const toggle = (deviceId: string, on: boolean) =>
    setDefaults((found) => (on ? [...found, deviceId] : found.filter((id) => id !== deviceId)));

  return (
    <SidePanel title={reader ? t("readers.editOf", { name: reader.name }) : t("readers.new")} onClose={props.onClose}>
      <form onSubmit={save}>
        {reader ? (
          <dl class="reader-facts">
            <dt>{t("readers.provider")}</dt>
            <dd>{providerName(reader.provider)}</dd>
            {reader.externalId && (
              <>
                <dt>{t("readers.externalId")}</dt>
                <dd>
                  <code>{reader.externalId}</code>
                </dd>
              </>
            )}
          </dl>
        ) : (
          <>
            <TextField
              label={t("readers.readerName")}
              value={name}
              onInput={setName}
              required
              placeholder={t("readers.namePlaceholder")}
            />
            <SelectField
              label={t("readers.provider")}
              value={provider}
              onChange={setProvider}
              options={PROVIDERS.map((value) => ({ value, label: t(`readers.provider.${value}`) }))}
            />
            {provider === "simulator" ? (
              <CheckField label={t("readers.manual")} checked={manual} onChange={setManual} />
            ) : (
              <TextField
                label={t("readers.registrationCode")}
                value={code}
                onInput={setCode}
                required
                placeholder="simulated-wpe"
              />
            )}
          </>
        )}
        {props.terminals.length > 0 && (
          <fieldset class="checks">
            <legend>{t("readers.defaultLegend")}</legend>
            {props.terminals.map((terminal) => (
              <CheckField
                key={terminal.id}
                label={terminal.name}
                checked={defaults.includes(terminal.id)}
                onChange={(on) => toggle(terminal.id, on)}
              />
            ))}
          </fieldset>
        )}
        {reader?.mode === "MANUAL" && (
          <p>
            <a href={readerPage(reader)} target="_blank" rel="noopener">
              {t("readers.openPage")}
            </a>
          </p>
        )}
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!reader || (!!name.trim() && (provider === "simulator" || !!code.trim()))}
          saveLabel={t(reader ? "readers.save" : "readers.add")}
          deleteLabel={reader ? t("readers.delete") : undefined}
          confirmDelete={reader ? t("readers.confirmDelete", { name: reader.name }) : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
