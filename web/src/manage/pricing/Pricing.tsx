// Taxes & charges (docs/design.md §15): how the location's prices carry tax and how it rounds
// cash, its named tax rates, and its service charges, each edited in a side panel.

import { useCallback, useState } from "preact/hooks";
import { ProfileForm } from "../ProfileForm";
import {
  createServiceCharge,
  createTaxRate,
  deleteServiceCharge,
  deleteTaxRate,
  listServiceCharges,
  listTaxRates,
  updateServiceCharge,
  updateTaxRate,
} from "../../shared/api/pricing";
import type { ServiceCharge, TaxMode, TaxRate } from "../../shared/types";
import { percentLabel, withPercent } from "../../shared/totals";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import {
  CheckField,
  everyPage,
  PanelActions,
  Problem,
  RecordTable,
  SelectField,
  SidePanel,
  TextField,
  useAction,
  useLoaded,
  useMoney,
} from "../parts";
import {
  type CashStep,
  cashStepOptions,
  cashRoundingOf,
  cashStepOf,
  type ChargeDraft,
  chargeBody,
  chargeDraft,
  ORDER_TYPES,
  type TaxRateDraft,
  taxRateBody,
  taxRateDraft,
  TAX_MODES,
  whenCharged,
} from "./fields";

/** What the side panel edits: a tax rate or a service charge (null: a new one). */
type Editing = { rate: TaxRate | null } | { charge: ServiceCharge | null };

export function Pricing() {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const rates = useLoaded(
    () => everyPage((page) => listTaxRates(api, { locationId: location.id, page, limit: 100 })),
    [location.id],
  );
  const charges = useLoaded(
    () => everyPage((page) => listServiceCharges(api, { locationId: location.id, page, limit: 100 })),
    [location.id],
  );
  const rateName = (id: string | null) => (id ? (rates.data?.find((rate) => rate.id === id)?.name ?? "—") : "None");

  return (
    <section class="section" aria-labelledby="pricing-title">
      <header class="section-head">
        <h1 id="pricing-title">Taxes & charges</h1>
      </header>
      <div class="with-panel">
        <div class="stack">
          <LocationMoney />
          <div class="panel" aria-labelledby="rates-title">
            <div class="toolbar">
              <h2 id="rates-title">Tax rates</h2>
              <Button tone="accent" onClick={() => setEditing({ rate: null })}>
                New tax rate
              </Button>
            </div>
            <Problem error={rates.error} />
            {rates.data?.length === 0 ? (
              <p class="hint">
                No named rates yet: products are taxed at their own percentage. Name the rates your tax office uses
                (Standard 20%, Reduced 10%) and pick one on each product.
              </p>
            ) : (
              <RecordTable
                label="Tax rates"
                rows={rates.data ?? []}
                columns={[
                  { title: "Name", cell: (rate) => rate.name },
                  { title: "Rate", number: true, cell: (rate) => percentLabel(rate.rate) },
                  {
                    title: "Takeaway",
                    number: true,
                    cell: (rate) => (rate.takeoutRate === null ? "same" : percentLabel(rate.takeoutRate)),
                  },
                ]}
                actions={(rate) => (
                  <Button label={`Edit tax rate ${rate.name}`} onClick={() => setEditing({ rate })}>
                    Edit
                  </Button>
                )}
              />
            )}
          </div>
          <div class="panel" aria-labelledby="charges-title">
            <div class="toolbar">
              <h2 id="charges-title">Service charges</h2>
              <Button tone="accent" onClick={() => setEditing({ charge: null })}>
                New service charge
              </Button>
            </div>
            <Problem error={charges.error} />
            {charges.data?.length === 0 ? (
              <p class="hint">
                No service charges yet. One may apply by itself (12.5% for parties of 6 or more) or be added by a
                server; it is revenue, taxed at its rate, never a tip.
              </p>
            ) : (
              <RecordTable
                label="Service charges"
                rows={charges.data ?? []}
                columns={[
                  { title: "Name", cell: (charge) => charge.name },
                  {
                    title: "Charge",
                    number: true,
                    cell: (charge) => (charge.rate !== null ? percentLabel(charge.rate) : money(charge.amount ?? 0)),
                  },
                  { title: "Tax", cell: (charge) => rateName(charge.taxRateId) },
                  { title: "Applies", wraps: true, cell: whenCharged },
                ]}
                actions={(charge) => (
                  <Button label={`Edit service charge ${charge.name}`} onClick={() => setEditing({ charge })}>
                    Edit
                  </Button>
                )}
              />
            )}
          </div>
        </div>
        {editing && "rate" in editing && (
          <TaxRatePanel
            key={editing.rate?.id ?? "new-rate"}
            rate={editing.rate}
            onClose={close}
            onSaved={() => {
              close();
              rates.reload();
              charges.reload();
            }}
          />
        )}
        {editing && "charge" in editing && (
          <ChargePanel
            key={editing.charge?.id ?? "new-charge"}
            charge={editing.charge}
            rates={rates.data ?? []}
            onClose={close}
            onSaved={() => {
              close();
              charges.reload();
            }}
          />
        )}
      </div>
    </section>
  );
}

/** How the location's prices carry tax, and the cash rounding step: part of its profile. */
function LocationMoney() {
  const { location } = useBackOffice();
  const [taxMode, setTaxMode] = useState<TaxMode>(location.taxMode);
  const [step, setStep] = useState<CashStep>(cashStepOf(location.cashRounding));
  const [autoComplete, setAutoComplete] = useState(location.autoComplete);
  const changed =
    taxMode !== location.taxMode ||
    cashRoundingOf(step) !== (location.cashRounding ?? null) ||
    autoComplete !== location.autoComplete;
  return (
    <ProfileForm
      id="money-title"
      title="Prices and cash"
      part={{ taxMode, cashRounding: cashRoundingOf(step), autoComplete }}
      changed={changed}
      hint="Open checks keep what they were rung up at. Cash that settles a check is rounded to the step; cards pay the exact amount. A check paid in full with nothing left to send closes by itself unless that box is cleared."
    >
      {({ disabled, edited }) => (
        <>
          <SelectField
            label="Prices"
            disabled={disabled}
            value={taxMode}
            options={TAX_MODES}
            onChange={(value) => {
              edited();
              setTaxMode(value);
            }}
          />
          <SelectField
            label="Cash rounding"
            disabled={disabled}
            value={step}
            options={cashStepOptions(location.currency)}
            onChange={(value) => {
              edited();
              setStep(value);
            }}
          />
          <label class="inline">
            <input
              type="checkbox"
              disabled={disabled}
              checked={autoComplete}
              onChange={(e) => {
                edited();
                setAutoComplete(e.currentTarget.checked);
              }}
            />
            Close a check once it is paid
          </label>
        </>
      )}
    </ProfileForm>
  );
}

function TaxRatePanel(props: { rate: TaxRate | null; onClose: () => void; onSaved: () => void }) {
  const { api, location } = useBackOffice();
  const { rate } = props;
  const [draft, setDraft] = useState<TaxRateDraft>(() => taxRateDraft(rate));
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();
  const set = (key: keyof TaxRateDraft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  async function save(event: Event) {
    event.preventDefault();
    const body = taxRateBody(draft);
    setProblem(typeof body === "string" ? body : null);
    if (typeof body === "string") return;
    const done = await saving.run(() =>
      rate ? updateTaxRate(api, rate.id, body) : createTaxRate(api, { ...body, locationId: location.id }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (rate && (await saving.run(() => deleteTaxRate(api, rate.id)))) props.onSaved();
  }

  return (
    <SidePanel title={rate ? `Edit tax rate ${rate.name}` : "New tax rate"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Name" value={draft.name} onInput={set("name")} required placeholder="Standard 20%" />
        <div class="field-row">
          <TextField label="Rate (%)" value={draft.percent} onInput={set("percent")} inputMode="decimal" required />
          <TextField
            label="Takeaway rate (%)"
            value={draft.takeoutPercent}
            onInput={set("takeoutPercent")}
            inputMode="decimal"
            placeholder="same"
          />
        </div>
        <p class="hint">The takeaway rate applies to takeout and delivery orders; blank: the same rate.</p>
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!draft.name.trim() && !!draft.percent.trim()}
          saveLabel={rate ? "Save tax rate" : "Create tax rate"}
          deleteLabel={rate ? "Delete tax rate" : undefined}
          confirmDelete={rate ? `Delete ${rate.name}? A rate products still use is archived instead.` : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}

function ChargePanel(props: {
  charge: ServiceCharge | null;
  rates: TaxRate[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { api, location } = useBackOffice();
  const { charge } = props;
  const [draft, setDraft] = useState<ChargeDraft>(() => chargeDraft(charge));
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();
  const set =
    <K extends keyof ChargeDraft>(key: K) =>
    (value: ChargeDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  async function save(event: Event) {
    event.preventDefault();
    const body = chargeBody(draft);
    setProblem(typeof body === "string" ? body : null);
    if (typeof body === "string") return;
    const done = await saving.run(() =>
      charge
        ? updateServiceCharge(api, charge.id, body)
        : createServiceCharge(api, { ...body, locationId: location.id }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (charge && (await saving.run(() => deleteServiceCharge(api, charge.id)))) props.onSaved();
  }

  const toggleType = (value: ChargeDraft["orderTypes"][number], on: boolean) =>
    set("orderTypes")(on ? [...draft.orderTypes, value] : draft.orderTypes.filter((other) => other !== value));

  return (
    <SidePanel title={charge ? `Edit service charge ${charge.name}` : "New service charge"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Name" value={draft.name} onInput={set("name")} required placeholder="Service" />
        <div class="field-row">
          <SelectField
            label="Charged as"
            value={draft.kind}
            options={[
              { value: "rate", label: "A percentage" },
              { value: "amount", label: "A set amount" },
            ]}
            onChange={set("kind")}
          />
          <TextField
            label={draft.kind === "rate" ? "Percentage (%)" : `Amount (${location.currency})`}
            value={draft.value}
            onInput={set("value")}
            inputMode="decimal"
            required
          />
        </div>
        <SelectField
          label="Tax rate"
          value={draft.taxRateId}
          options={[
            { value: "", label: "None (untaxed)" },
            ...props.rates.map((rate) => ({ value: rate.id, label: withPercent(rate.name, rate.rate) })),
          ]}
          onChange={set("taxRateId")}
        />
        <CheckField label="Applies by itself (automatic)" checked={draft.automatic} onChange={set("automatic")} />
        {draft.automatic ? (
          <fieldset class="group">
            <legend>When it applies</legend>
            <TextField
              label="From this many guests"
              value={draft.minGuests}
              onInput={set("minGuests")}
              inputMode="numeric"
              placeholder="any party"
            />
            <p class="hint">Order types (none ticked: every type)</p>
            {ORDER_TYPES.map((type) => (
              <CheckField
                key={type.value}
                label={type.label}
                checked={draft.orderTypes.includes(type.value)}
                onChange={(on) => toggleType(type.value, on)}
              />
            ))}
            <p class="hint">Taking an automatic charge off a check takes a manager.</p>
          </fieldset>
        ) : (
          <p class="hint">A server adds it to a check from the terminal.</p>
        )}
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!draft.name.trim() && !!draft.value.trim()}
          saveLabel={charge ? "Save service charge" : "Create service charge"}
          deleteLabel={charge ? "Delete service charge" : undefined}
          confirmDelete={charge ? `Delete ${charge.name}? Checks that carry it keep it.` : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
