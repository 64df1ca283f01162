// Devices: pair a TERMINAL, a KITCHEN_DISPLAY or a BOARD for guests by the code it shows (docs/design.md §23), or
// make one whose token is shown once, to copy now; revoke one (its token and every session on it stop at once). A
// device that unpaired itself is listed as revoked, with when.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { createDevice, listDevices, revokeDevice } from "../../shared/api/dining";
import { approveCode } from "../../shared/api/pairing";
import { typedCode } from "../../shared/pairing/code";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
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

const KINDS: { value: DeviceKind; label: string }[] = [
  { value: "TERMINAL", label: "Terminal (takes orders)" },
  { value: "KITCHEN_DISPLAY", label: "Kitchen display" },
  { value: "BOARD", label: "Guests' board (order ready)" },
];
const KIND_NAMES: Record<DeviceKind, string> = {
  TERMINAL: "Terminal",
  KITCHEN_DISPLAY: "Kitchen display",
  BOARD: "Guests' board",
};
const kindName = (kind: DeviceKind) => KIND_NAMES[kind];

export function Devices() {
  const { api, location } = useBackOffice();
  const format = new Intl.DateTimeFormat("en-GB", {
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
        <h1 id="devices-title">Devices</h1>
      </header>
      <div class="with-panel">
        <div class="panel">
          <ListTools
            search={search}
            onSearch={setSearch}
            searchLabel="Search devices"
            newLabel="Pair a device"
            onNew={() => setPairing(true)}
          />
          <Problem error={devices.error ?? changing.error} />
          {devices.data?.length === 0 ? (
            <p class="hint">No devices yet: open the screen on each tablet, then “Pair a device” and type its code.</p>
          ) : (
            <RecordTable
              label="Devices"
              rows={shown}
              columns={[
                { title: "Name", cell: (device) => device.name },
                { title: "Kind", wraps: true, cell: (device) => kindName(device.kind) },
                { title: "Token starts", cell: (device) => <code>{device.hint}…</code> },
                { title: "Paired", wraps: true, cell: (device) => when(device.createdAt) },
                {
                  title: "Status",
                  wraps: true,
                  cell: (device) =>
                    device.revokedAt ? (
                      <span class="chip chip-voided">Revoked {when(device.revokedAt)}</span>
                    ) : (
                      "Active"
                    ),
                },
              ]}
              actions={(device) =>
                !device.revokedAt &&
                (revoking === device.id ? (
                  <>
                    <Button
                      tone="danger"
                      label={`Yes, revoke ${device.name}`}
                      disabled={changing.busy}
                      onClick={() => revoke(device)}
                    >
                      Yes, revoke
                    </Button>
                    <Button tone="quiet" onClick={() => setRevoking(null)}>
                      Keep
                    </Button>
                  </>
                ) : (
                  <Button tone="danger" label={`Revoke ${device.name}`} onClick={() => setRevoking(device.id)}>
                    Revoke
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
      {withToken ? "Pair by the code it shows instead" : "Make a token to paste instead"}
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
      setPaired(`${device.name} is paired: its screen opens by itself.`);
      setCode("");
      setName("");
    });
    if (done) props.onPaired();
  }

  return (
    <SidePanel title="Pair a device" onClose={props.onClose}>
      <form onSubmit={pair}>
        <p class="hint">Open the screen on the device: it shows a six-digit code. Type it here.</p>
        <label>
          Code on the device
          <input
            class="code-field"
            value={code}
            inputMode="numeric"
            autocomplete="off"
            placeholder="000 000"
            required
            onInput={(event) => setCode(typedCode(event.currentTarget.value))}
          />
        </label>
        <NameField value={name} onInput={setName} />
        <p class="hint">
          Location: <strong>{location.name}</strong>
        </p>
        {paired && (
          <p class="notice" role="status">
            {paired}
          </p>
        )}
        <Problem error={saving.error} />
        <PanelActions busy={saving.busy} ready={code.length === 6 && !!name.trim()} saveLabel="Pair" />
      </form>
      {props.children}
    </SidePanel>
  );
}

function NameField(props: { value: string; onInput: (name: string) => void }) {
  return (
    <TextField
      label="Device name"
      value={props.value}
      onInput={props.onInput}
      required
      placeholder="Bar tablet, Grill screen…"
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
      <SidePanel title={`${paired.name} is paired`} onClose={props.onClose}>
        <p class="notice" role="alert">
          <strong>Copy the token now:</strong> it is shown only this once. On the {kindName(paired.kind).toLowerCase()},
          open {paired.kind === "TERMINAL" ? "/" : "/kitchen"} and paste it with the location id.
        </p>
        <label>
          Device token
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
          Location id
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
            {copied ? "Copied" : "Copy token"}
          </Button>
          <Button onClick={props.onClose}>Done</Button>
        </div>
      </SidePanel>
    );
  }
  return (
    <SidePanel title="Make a device token" onClose={props.onClose}>
      <form onSubmit={pair}>
        <NameField value={name} onInput={setName} />
        <SelectField label="Kind" value={kind} onChange={setKind} options={KINDS} />
        <Problem error={saving.error} />
        <PanelActions busy={saving.busy} ready={!!name.trim()} saveLabel="Make its token" />
      </form>
      {props.children}
    </SidePanel>
  );
}
