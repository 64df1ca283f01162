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
import { orderTypeName, t } from "../messages";
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
  taxModes,
  whenCharged,
} from "./fields";

// A sign, not a word: a tax rate no longer listed.
const NOTHING = "—";

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
  const rateName = (id: string | null) =>
    id ? (rates.data?.find((rate) => rate.id === id)?.name ?? NOTHING) : t("pricing.none");

  return (
    <section class="section" aria-labelledby="pricing-title">
      <header class="section-head">
        <h1 id="pricing-title">{t("pricing.title")}</h1>
      </header>
      <div class="with-panel">
        <div class="stack">
          <LocationMoney />
          <div class="panel" aria-labelledby="rates-title">
            <div class="toolbar">
              <h2 id="rates-title">{t("pricing.rates")}</h2>
              <Button tone="accent" onClick={() => setEditing({ rate: null })}>
                {t("pricing.newRate")}
              </Button>
            </div>
            <Problem error={rates.error} />
            {rates.data?.length === 0 ? (
              <p class="hint">{t("pricing.noRates")}</p>
            ) : (
              <RecordTable
                label={t("pricing.rates")}
                rows={rates.data ?? []}
                columns={[
                  { title: t("pricing.name"), cell: (rate) => rate.name },
                  { title: t("pricing.rate"), number: true, cell: (rate) => percentLabel(rate.rate) },
                  {
                    title: t("pricing.takeaway"),
                    number: true,
                    cell: (rate) => (rate.takeoutRate === null ? t("pricing.same") : percentLabel(rate.takeoutRate)),
                  },
                ]}
                actions={(rate) => (
                  <Button label={t("pricing.editRate", { name: rate.name })} onClick={() => setEditing({ rate })}>
                    {t("pricing.edit")}
                  </Button>
                )}
              />
            )}
          </div>
          <div class="panel" aria-labelledby="charges-title">
            <div class="toolbar">
              <h2 id="charges-title">{t("pricing.charges")}</h2>
              <Button tone="accent" onClick={() => setEditing({ charge: null })}>
                {t("pricing.newCharge")}
              </Button>
            </div>
            <Problem error={charges.error} />
            {charges.data?.length === 0 ? (
              <p class="hint">{t("pricing.noCharges")}</p>
            ) : (
              <RecordTable
                label={t("pricing.charges")}
                rows={charges.data ?? []}
                columns={[
                  { title: t("pricing.name"), cell: (charge) => charge.name },
                  {
                    title: t("pricing.charge"),
                    number: true,
                    cell: (charge) => (charge.rate !== null ? percentLabel(charge.rate) : money(charge.amount ?? 0)),
                  },
                  { title: t("pricing.tax"), cell: (charge) => rateName(charge.taxRateId) },
                  { title: t("pricing.applies"), wraps: true, cell: whenCharged },
                ]}
                actions={(charge) => (
                  <Button label={t("pricing.editCharge", { name: charge.name })} onClick={() => setEditing({ charge })}>
                    {t("pricing.edit")}
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
      title={t("pricing.money")}
      part={{ taxMode, cashRounding: cashRoundingOf(step), autoComplete }}
      changed={changed}
      hint={t("pricing.moneyHint")}
    >
      {({ disabled, edited }) => (
        <>
          <SelectField
            label={t("pricing.prices")}
            disabled={disabled}
            value={taxMode}
            options={taxModes()}
            onChange={(value) => {
              edited();
              setTaxMode(value);
            }}
          />
          <SelectField
            label={t("pricing.cashRounding")}
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
            {t("pricing.closeWhenPaid")}
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
    <SidePanel title={rate ? t("pricing.editRate", { name: rate.name }) : t("pricing.newRate")} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField
          label={t("pricing.name")}
          value={draft.name}
          onInput={set("name")}
          required
          placeholder={t("pricing.namePlaceholder")}
        />
        <div class="field-row">
          <TextField
            label={t("pricing.ratePercent")}
            value={draft.percent}
            onInput={set("percent")}
            inputMode="decimal"
            required
          />
          <TextField
            label={t("pricing.takeawayPercent")}
            value={draft.takeoutPercent}
            onInput={set("takeoutPercent")}
            inputMode="decimal"
            placeholder={t("pricing.same")}
          />
        </div>
        <p class="hint">{t("pricing.takeawayHint")}</p>
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!draft.name.trim() && !!draft.percent.trim()}
          saveLabel={t(rate ? "pricing.saveRate" : "pricing.createRate")}
          deleteLabel={rate ? t("pricing.deleteRate") : undefined}
          confirmDelete={rate ? t("pricing.confirmDeleteRate", { name: rate.name }) : undefined}
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
    <SidePanel
      title={charge ? t("pricing.editCharge", { name: charge.name }) : t("pricing.newCharge")}
      onClose={props.onClose}
    >
      <form onSubmit={save}>
        <TextField
          label={t("pricing.name")}
          value={draft.name}
          onInput={set("name")}
          required
          placeholder={t("pricing.chargePlaceholder")}
        />
        <div class="field-row">
          <SelectField
            label={t("pricing.chargedAs")}
            value={draft.kind}
            options={[
              { value: "rate", label: t("pricing.aPercentage") },
              { value: "amount", label: t("pricing.anAmount") },
            ]}
            onChange={set("kind")}
          />
          <TextField
            label={
              draft.kind === "rate" ? t("pricing.percentage") : t("pricing.amount", { currency: location.currency })
            }
            value={draft.value}
            onInput={set("value")}
            inputMode="decimal"
            required
          />
        </div>
        <SelectField
          label={t("pricing.taxRate")}
          value={draft.taxRateId}
          options={[
            { value: "", label: t("pricing.untaxed") },
            ...props.rates.map((rate) => ({ value: rate.id, label: withPercent(rate.name, rate.rate) })),
          ]}
          onChange={set("taxRateId")}
        />
        <CheckField label={t("pricing.automatic")} checked={draft.automatic} onChange={set("automatic")} />
        {draft.automatic ? (
          <fieldset class="group">
            <legend>{t("pricing.when")}</legend>
            <TextField
              label={t("pricing.fromGuests")}
              value={draft.minGuests}
              onInput={set("minGuests")}
              inputMode="numeric"
              placeholder={t("pricing.anyParty")}
            />
            <p class="hint">{t("pricing.orderTypesHint")}</p>
            {ORDER_TYPES.map((type) => (
              <CheckField
                key={type}
                label={orderTypeName(type)}
                checked={draft.orderTypes.includes(type)}
                onChange={(on) => toggleType(type, on)}
              />
            ))}
            <p class="hint">{t("pricing.managerWaives")}</p>
          </fieldset>
        ) : (
          <p class="hint">{t("pricing.serverAdds")}</p>
        )}
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!draft.name.trim() && !!draft.value.trim()}
          saveLabel={t(charge ? "pricing.saveCharge" : "pricing.createCharge")}
          deleteLabel={charge ? t("pricing.deleteCharge") : undefined}
          confirmDelete={charge ? t("pricing.confirmDeleteCharge", { name: charge.name }) : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
