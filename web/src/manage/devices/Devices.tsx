// Devices: pair a TERMINAL or a KITCHEN_DISPLAY (its token is shown once, to copy now) and
// revoke one (its token and every session on it stop at once).

import { useState } from "preact/hooks";
import { Button } from "../../kit/ui";
import { useBackOffice } from "../context";
import { everyPage, Problem, SearchBox, SelectField, SidePanel, TextField, useAction, useLoaded } from "../parts";
import type { Device, DeviceKind, Page } from "../types";

const KINDS: { value: DeviceKind; label: string }[] = [
  { value: "TERMINAL", label: "Terminal (takes orders)" },
  { value: "KITCHEN_DISPLAY", label: "Kitchen display" },
];
const kindName = (kind: DeviceKind) => (kind === "TERMINAL" ? "Terminal" : "Kitchen display");

export function Devices() {
  const { api, location } = useBackOffice();
  const format = new Intl.DateTimeFormat("en-GB", { timeZone: location.timezone, dateStyle: "short", timeStyle: "short" });
  const when = (at: string) => format.format(new Date(at));
  const [search, setSearch] = useState("");
  const [pairing, setPairing] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const changing = useAction();
  const devices = useLoaded(
    () => everyPage((page) => api.get<Page<Device>>("/api/devices", { query: { locationId: location.id, page, limit: 100 } })),
    [],
  );
  const needle = search.trim().toLowerCase();
  const shown = (devices.data ?? []).filter((device) => !needle || device.name.toLowerCase().includes(needle));

  async function revoke(device: Device) {
    if (await changing.run(() => api.delete(`/api/devices/${device.id}`))) {
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
          <div class="toolbar">
            <SearchBox label="Search devices" value={search} onInput={setSearch} />
            <Button tone="accent" onClick={() => setPairing(true)}>
              Pair a device
            </Button>
          </div>
          <Problem error={devices.error ?? changing.error} />
          {devices.data?.length === 0 ? (
            <p class="hint">No devices yet: pair each tablet once (“Pair a device”), then paste its token on it.</p>
          ) : (
            <table class="data-table" aria-label="Devices">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Token starts</th>
                  <th scope="col">Paired</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span class="visually-hidden">Revoke</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((device) => (
                  <tr key={device.id}>
                    <td>{device.name}</td>
                    <td class="wraps">{kindName(device.kind)}</td>
                    <td>
                      <code>{device.hint}…</code>
                    </td>
                    <td class="wraps">{when(device.createdAt)}</td>
                    <td class="wraps">{device.revokedAt ? <span class="chip chip-voided">Revoked {when(device.revokedAt)}</span> : "Active"}</td>
                    <td class="row-tools">
                      {!device.revokedAt &&
                        (revoking === device.id ? (
                          <>
                            <Button tone="danger" label={`Yes, revoke ${device.name}`} disabled={changing.busy} onClick={() => revoke(device)}>
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
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        {pairing && <PairPanel onClose={() => setPairing(false)} onPaired={devices.reload} />}
      </div>
    </section>
  );
}

function PairPanel(props: { onClose: () => void; onPaired: () => void }) {
  const { api, location } = useBackOffice();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<DeviceKind>("TERMINAL");
  const [paired, setPaired] = useState<(Device & { token: string }) | null>(null);
  const [copied, setCopied] = useState(false);
  const saving = useAction();

  async function pair(event: Event) {
    event.preventDefault();
    await saving.run(async () => {
      setPaired(await api.post<Device & { token: string }>("/api/devices", { name: name.trim(), kind, locationId: location.id }));
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
          <textarea id="new-device-token" class="token-box" rows={2} readOnly value={paired.token} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <label>
          Location id
          <textarea class="token-box" rows={2} readOnly value={paired.locationId} onFocus={(e) => e.currentTarget.select()} />
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
    <SidePanel title="Pair a device" onClose={props.onClose}>
      <form onSubmit={pair}>
        <TextField label="Device name" value={name} onInput={setName} required placeholder="Bar tablet, Grill screen…" />
        <SelectField label="Kind" value={kind} onChange={setKind} options={KINDS} />
        <Problem error={saving.error} />
        <div class="panel-actions">
          <Button type="submit" tone="accent" disabled={saving.busy || !name.trim()}>
            Pair
          </Button>
        </div>
      </form>
    </SidePanel>
  );
}
