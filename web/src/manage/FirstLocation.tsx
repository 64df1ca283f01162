// A new installation has no location yet: an admin names the first one, with its timezone
// (business days) and currency, and the back office opens on it.

import { useState } from "preact/hooks";
import { type Api, randomUuid, type Schemas } from "../shared/api/client";
import { putLocation } from "../shared/api/dining";
import { Problem, TextField, useAction, PanelActions } from "./parts";
import type { Location } from "./types";

export function FirstLocation(props: { api: Api; onMade: (location: Location) => void }) {
  const [name, setName] = useState("");
  const [timezone, setTimezone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [currency, setCurrency] = useState("USD");
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    // The server says in words when the code is not a currency's.
    const code = currency.trim().toUpperCase() as Schemas["LocationProfile"]["currency"];
    const body = { name: name.trim(), timezone: timezone.trim(), currency: code };
    await saving.run(async () => props.onMade(await putLocation(props.api, randomUuid(), body)));
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
