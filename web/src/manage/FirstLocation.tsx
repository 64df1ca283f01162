// A new installation has no location yet: an admin names the first one, with its timezone
// (business days), currency, whether its prices include tax and how it rounds cash, and the
// back office opens on it.

import { useState } from "preact/hooks";
import { type Api, randomUuid, type Schemas } from "../shared/api/client";
import { putLocation } from "../shared/api/dining";
import { Problem, SelectField, TextField, useAction, PanelActions } from "./parts";
import { type CashStep, cashRoundingOf, cashStepOptions, TAX_MODES } from "./pricing/fields";
import type { TaxMode } from "../shared/types";
import type { Location } from "./types";

export function FirstLocation(props: { api: Api; onMade: (location: Location) => void }) {
  const [name, setName] = useState("");
  const [timezone, setTimezone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [currency, setCurrency] = useState("USD");
  const [taxMode, setTaxMode] = useState<TaxMode>("EXCLUSIVE");
  const [cashStep, setCashStep] = useState<CashStep>("");
  const saving = useAction();

  async function save(event: Event) {
    event.preventDefault();
    // The server says in words when the code is not a currency's.
    const code = currency.trim().toUpperCase() as Schemas["LocationProfile"]["currency"];
    const body = {
      name: name.trim(),
      timezone: timezone.trim(),
      currency: code,
      taxMode,
      cashRounding: cashRoundingOf(cashStep),
    };
    await saving.run(async () => props.onMade(await putLocation(props.api, randomUuid(), body)));
  }

  return (
    <form class="panel pairing" onSubmit={save}>
      <h1>Set up your location</h1>
      <p>Nothing is set up yet. Name the restaurant; its timezone decides where a business day starts and ends.</p>
      <TextField label="Location name" value={name} onInput={setName} required />
      <TextField label="Timezone" value={timezone} onInput={setTimezone} required placeholder="America/New_York" />
      <TextField label="Currency" value={currency} onInput={setCurrency} required />
      <SelectField label="Prices" value={taxMode} options={TAX_MODES} onChange={setTaxMode} />
      <SelectField
        label="Cash rounding"
        value={cashStep}
        options={cashStepOptions(currency.trim().toUpperCase() || "USD")}
        onChange={setCashStep}
      />
      <Problem error={saving.error} />
      <PanelActions busy={saving.busy} ready={!!name.trim() && !!timezone.trim()} saveLabel="Create location" />
    </form>
  );
}
