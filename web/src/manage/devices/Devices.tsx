// Devices: pair a TERMINAL, a KITCHEN_DISPLAY or a BOARD for guests by the code it shows (docs/design.md §23), or
// make one whose token is shown once, to copy now; revoke one (its token and every session on it stop at once). A
// device that unpaired itself is listed as revoked, with when.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { createDevice, listDevices, revokeDevice } from "../../shared/api/dining";
import { approveCode } from "../../shared/api/pairing";
import { typedCode } from "../../shared/pairing/code";
import { Button } from "../../shared/ui";
import { locale } from "../../shared/i18n";
import { useBackOffice } from "../context";
import { rich, t } from "../messages";
import {
  everyPage,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SelectField,
  SidePanel,
  TextField,
  useAction,
  useLoaded,
} from "../parts";
import type { Device, DeviceKind } from "../types";
import { IdleSetting } from "./IdleSetting";
import { Stations } from "./Stations";

// Digits, not words: the shape of the code a fresh screen shows.
const CODE_SHAPE = "000 000";
const KINDS: DeviceKind[] = ["TERMINAL", "KITCHEN_DISPLAY", "BOARD"];
const kindName = (kind: DeviceKind) => t(`devices.kindName.${kind}`);

export function Devices() {
  const { api, location } = useBackOffice();
  const format = new Intl.DateTimeFormat(locale() === "en" ? "en-GB" : locale(), {
    timeZone: location.timezone,
    dateStyle: "short",
    timeStyle: "short",
  });
  const when = (at: string) => format.format(new Date(at));
  const [search, setSearch] = useState("");
  const [pairing, setPairing] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const changing = useAction();
  const devices = useLoaded(
    () => everyPage((page) => listDevices(api, { locationId: location.id, page, limit: 100 })),
    [],
  );
  const needle = search.trim().toLowerCase();
  const shown = (devices.data ?? []).filter((device) => !needle || device.name.toLowerCase().includes(needle));

  async function revoke(device: Device) {
    if (await changing.run(() => revokeDevice(api, device.id))) {
      setRevoking(null);
      devices.reload();
    }
  }

  return (
    <section class="section" aria-labelledby="devices-title">
      <header class="section-head">
        <h1 id="devices-title">{t("devices.title")}</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel={t("devices.search")}
            newLabel={t("devices.pair")}
            onNew={() => setPairing(true)}
          />
          <Problem error={devices.error ?? changing.error} />
          {devices.data?.length === 0 ? (
            <p class="hint">{t("devices.none")}</p>
          ) : (
            <RecordTable
              label={t("devices.list")}
              rows={shown}
              columns={[
                { title: t("devices.name"), cell: (device) => device.name },
                { title: t("devices.kind"), wraps: true, cell: (device) => kindName(device.kind) },
                {
                  title: t("devices.tokenStarts"),
                  cell: (device) => <code>{t("devices.hint", { hint: device.hint })}</code>,
                },
                { title: t("devices.paired"), wraps: true, cell: (device) => when(device.createdAt) },
                {
                  title: t("devices.status"),
                  wraps: true,
                  cell: (device) =>
                    device.revokedAt ? (
                      <span class="chip chip-voided">{t("devices.revokedAt", { when: when(device.revokedAt) })}</span>
                    ) : (
                      t("devices.active")
                    ),
                },
              ]}
              actions={(device) =>
                !device.revokedAt &&
                (revoking === device.id ? (
                  <>
                    <Button
                      tone="danger"
                      label={t("devices.yesRevokeOf", { name: device.name })}
                      disabled={changing.busy}
                      onClick={() => revoke(device)}
                    >
                      {t("devices.yesRevoke")}
                    </Button>
                    <Button tone="quiet" onClick={() => setRevoking(null)}>
                      {t("devices.keep")}
                    </Button>
                  </>
                ) : (
                  <Button
                    tone="danger"
                    label={t("devices.revokeOf", { name: device.name })}
                    onClick={() => setRevoking(device.id)}
                  >
                    {t("devices.revoke")}
                  </Button>
                ))
              }
            />
          )}
        </div>
        {pairing && <PairPanel onClose={() => setPairing(false)} onPaired={devices.reload} />}
      </div>
      <IdleSetting />
      {devices.data && <Stations devices={devices.data} />}
    </section>
  );
}

function PairPanel(props: { onClose: () => void; onPaired: () => void }) {
  const [withToken, setWithToken] = useState(false);
  const other = (
    <Button tone="quiet" onClick={() => setWithToken(!withToken)}>
      {t(withToken ? "devices.byCode" : "devices.byToken")}
    </Button>
  );
  return withToken ? <TokenPanel {...props}>{other}</TokenPanel> : <CodePanel {...props}>{other}</CodePanel>;
}

/** The code a fresh screen shows, its name, and this location: the screen pairs by itself. */
function CodePanel(props: { onClose: () => void; onPaired: () => void; children: ComponentChildren }) {
  const { api, location } = useBackOffice();
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [paired, setPaired] = useState<string | null>(null);
  const saving = useAction();

  async function pair(event: Event) {
    event.preventDefault();
    const done = await saving.run(async () => {
      const device = await approveCode(api, { code, name: name.trim(), locationId: location.id });
      setPaired(t("devices.pairedNotice", { name: device.name }));
      setCode("");
      setName("");
    });
    if (done) props.onPaired();
  }

  return (
    <SidePanel title={t("devices.pair")} onClose={props.onClose}>
      <form onSubmit={pair}>
        <p class="hint">{t("devices.codeHint")}</p>
        <label>
          {t("devices.code")}
          <input
            class="code-field"
            value={code}
            inputMode="numeric"
            autocomplete="off"
            placeholder={CODE_SHAPE}
            required
            onInput={(event) => setCode(typedCode(event.currentTarget.value))}
          />
        </label>
        <NameField value={name} onInput={setName} />
        <p class="hint">
          {rich("devices.location", { name: location.name ?? "", strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        {paired && (
          <p class="notice" role="status">
            {paired}
          </p>
        )}
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={code.length === 6 && !!name.trim()}
          saveLabel={t("devices.pairButton")}
        />
      </form>
      {props.children}
    </SidePanel>
  );
}

function NameField(props: { value: string; onInput: (name: string) => void }) {
  return (
    <TextField
      label={t("devices.deviceName")}
      value={props.value}
      onInput={props.onInput}
      required
      placeholder={t("devices.namePlaceholder")}
    />
  );
}

/** The way without a code: a device whose token is shown once, to paste on it. */
function TokenPanel(props: { onClose: () => void; onPaired: () => void; children: ComponentChildren }) {
  const { api, location } = useBackOffice();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<DeviceKind>("TERMINAL");
  const [paired, setPaired] = useState<(Device & { token: string }) | null>(null);
  const [copied, setCopied] = useState(false);
  const saving = useAction();

  async function pair(event: Event) {
    event.preventDefault();
    await saving.run(async () => {
      setPaired(
        await createDevice(api, {
          name: name.trim(),
          kind,
          locationId: location.id,
        }),
      );
      props.onPaired();
    });
  }

  async function copy() {
    if (!paired) return;
    try {
      await navigator.clipboard.writeText(paired.token);
      setCopied(true);
    } catch {
      // No clipboard outside a secure context (a LAN address): the field is selected instead.
      (document.getElementById("new-device-token") as HTMLTextAreaElement | null)?.select();
    }
  }

  if (paired) {
    return (
      <SidePanel title={t("devices.isPaired", { name: paired.name })} onClose={props.onClose}>
        <p class="notice" role="alert">
          {rich("devices.copyNow", {
            kind: paired.kind,
            path: paired.kind === "TERMINAL" ? "/" : "/kitchen",
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        <label>
          {t("devices.deviceToken")}
          <textarea
            id="new-device-token"
            class="token-box"
            rows={2}
            readOnly
            value={paired.token}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <label>
          {t("devices.locationId")}
          <textarea
            class="token-box"
            rows={2}
            readOnly
            value={paired.locationId}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <div class="panel-actions">
          <Button tone="accent" onClick={copy}>
            {t(copied ? "devices.copied" : "devices.copy")}
          </Button>
          <Button onClick={props.onClose}>{t("devices.done")}</Button>
        </div>
      </SidePanel>
    );
  }
  return (
    <SidePanel title={t("devices.makeToken")} onClose={props.onClose}>
      <form onSubmit={pair}>
        <NameField value={name} onInput={setName} />
        <SelectField
          label={t("devices.kind")}
          value={kind}
          onChange={setKind}
          options={KINDS.map((value) => ({ value, label: t(`devices.kind.${value}`) }))}
        />
        <Problem error={saving.error} />
        <PanelActions busy={saving.busy} ready={!!name.trim()} saveLabel={t("devices.makeItsToken")} />
      </form>
      {props.children}
    </SidePanel>
  );
}
