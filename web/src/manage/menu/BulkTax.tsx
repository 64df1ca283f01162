// The products picked in the table, taxed anew at once: a named rate of the location or a
// rate of their own, in one request (all or nothing).

import { useState } from "preact/hooks";
import { bulkSetTax } from "../../shared/api/products";
import type { TaxRate } from "../../shared/types";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { Problem, SelectField } from "../parts";
import { percentShown, taxRateFrom } from "./fields";

const OWN = "own";

const rateName = (rate: TaxRate) => t("menu.bulk.rate", { name: rate.name, percent: percentShown(rate.rate) });

export function BulkTax(props: {
  productIds: string[];
  taxRates: TaxRate[];
  onClear: () => void;
  onDone: (said: string) => void;
}) {
  const { api, location } = useBackOffice();
  const [choice, setChoice] = useState(props.taxRates[0]?.id ?? OWN);
  const [percent, setPercent] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const count = props.productIds.length;
  const named = props.taxRates.find((rate) => rate.id === choice);
  const own = named ? null : taxRateFrom(percent);

  async function apply() {
    if (!named && own === null) {
      setFailure(t("menu.bulk.badRate"));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const rate = named ? { taxRateId: named.id } : { taxRate: own };
      await bulkSetTax(api, { locationId: location.id, productIds: props.productIds, ...rate });
      const at = named ? rateName(named) : t("menu.bulk.ownRate", { percent: percentShown(own ?? 0) });
      props.onDone(t("menu.bulk.done", { count, rate: at }));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="bulk-bar" role="region" aria-label={t("menu.bulk.region")}>
      <strong>{t("menu.bulk.selected", { count })}</strong>
      <SelectField
        label={t("menu.bulk.newRate")}
        value={choice}
        onChange={setChoice}
        options={[
          ...props.taxRates.map((rate) => ({ value: rate.id, label: rateName(rate) })),
          { value: OWN, label: t("menu.bulk.theirOwn") },
        ]}
      />
      {!named && (
        <label>
          {t("menu.bulk.percent")}
          <input inputMode="decimal" value={percent} onInput={(e) => setPercent(e.currentTarget.value)} />
        </label>
      )}
      <Button tone="accent" onClick={apply} disabled={busy}>
        {t("menu.bulk.apply", { count })}
      </Button>
      <Button onClick={props.onClear} disabled={busy}>
        {t("menu.bulk.clear")}
      </Button>
      <Problem error={failure} />
    </div>
  );
}
