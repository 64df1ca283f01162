// A new installation has no location yet: an admin names the first one, with its timezone
// (business days) and currency, and the back office opens on it.

import { useState } from "preact/hooks";
import { type Api, newIdempotencyKey } from "../kit/api";
import { Problem, TextField, useAction, PanelActions } from "./parts";
import type { Location } from "./types";

/** A new location id (a random UUID: the server keys a location by the id it is given). */
export function newLocationId(): string {
  const hex = newIdempotencyKey();
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function FirstLocation(props: { api: Api; onMade: (location: Location) => void }) {
  const [name, setName] = useState("");
  const [timezone, setTimezone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [currency, setCurrency] = useState("USD");
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    const body = { name: name.trim(), timezone: timezone.trim(), currency: currency.trim().toUpperCase() };
    await saving.run(async () => props.onMade(await props.api.put<Location>(`/api/locations/${newLocationId()}`, body)));
  }

  return (
    <form class="panel pairing" onSubmit={save}>
      <h1>Set up your location</h1>
      <p>Nothing is set up yet. Name the restaurant; its timezone decides where a business day starts and ends.</p>
      <TextField label="Location name" value={name} onInput={setName} required />
      <TextField label="Timezone" value={timezone} onInput={setTimezone} required placeholder="America/New_York" />
      <TextField label="Currency" value={currency} onInput={setCurrency} required />
      <Problem error={saving.error} />
      <PanelActions busy={saving.busy} ready={!!name.trim() && !!timezone.trim()} saveLabel="Create location" />
    </form>
  );
}
