// What the taxes & charges forms mean to the API (docs/design.md §15): percentages typed as
// text become fractions, a charge is a percentage or a set amount, and a charge or rate is said
// in words in the tables.

import type { Schemas } from "../../shared/api/client";
import { CASH_STEPS, type CashStep, percentOf } from "../../shared/money";
import type { ChargeOrderType, ServiceCharge, TaxMode, TaxRate } from "../../shared/types";
import { priceFrom, taxRateFrom, wholeFrom } from "../menu/fields";
import { orderTypeName, t } from "../messages";

export { CASH_STEPS, type CashStep, cashRoundingOf, cashStepOf } from "../../shared/money";

export function cashStepOptions(currency: string): { value: CashStep; label: string }[] {
  return CASH_STEPS.map((value) => ({
    value,
    label: value ? t("cash.step", { step: value, currency }) : t("cash.none"),
  }));
}

export const taxModes = (): { value: TaxMode; label: string }[] =>
  (["INCLUSIVE", "EXCLUSIVE"] as const).map((value) => ({ value, label: t(`taxMode.${value}`) }));

export const ORDER_TYPES: ChargeOrderType[] = ["DINE_IN", "TAKEOUT", "DELIVERY", "BAR_TAB"];

export interface TaxRateDraft {
  name: string;
  percent: string;
  takeoutPercent: string;
}

export function taxRateDraft(rate: TaxRate | null): TaxRateDraft {
  return {
    name: rate?.name ?? "",
    percent: rate ? percentOf(rate.rate) : "",
    takeoutPercent: rate?.takeoutRate != null ? percentOf(rate.takeoutRate) : "",
  };
}

type TaxRateFields = Required<Omit<Schemas["TaxRateCreate"], "locationId">>;

/** The fields a tax rate's create and update share, or the first problem in words. */
export function taxRateBody(draft: TaxRateDraft): TaxRateFields | string {
  const rate = taxRateFrom(draft.percent);
  if (rate === null) return t("pricing.rateProblem");
  const takeoutRate = draft.takeoutPercent.trim() ? taxRateFrom(draft.takeoutPercent) : null;
  if (draft.takeoutPercent.trim() && takeoutRate === null) return t("pricing.takeoutProblem");
  return { name: draft.name.trim(), rate, takeoutRate };
}

export interface ChargeDraft {
  name: string;
  kind: "rate" | "amount";
  value: string;
  taxRateId: string;
  automatic: boolean;
  minGuests: string;
  orderTypes: ChargeOrderType[];
}

export function chargeDraft(charge: ServiceCharge | null): ChargeDraft {
  return {
    name: charge?.name ?? "",
    kind: charge?.amount != null ? "amount" : "rate",
    value: charge?.amount != null ? charge.amount.toFixed(2) : charge?.rate != null ? percentOf(charge.rate) : "",
    taxRateId: charge?.taxRateId ?? "",
    automatic: charge?.automatic ?? false,
    minGuests: charge?.minGuests != null ? String(charge.minGuests) : "",
    orderTypes: charge?.orderTypes ?? [],
  };
}

/** A charge's fields, with exactly one of rate and amount. */
type ChargeFields = Required<Omit<Schemas["ServiceChargeCreate"], "locationId" | "rate" | "amount">> &
  ({ rate: number } | { amount: number });

/** The fields a charge's create and update share, or the first problem in words. Exactly one
 * of rate and amount is sent: an update that gives the other turns one into the other. */
export function chargeBody(draft: ChargeDraft): ChargeFields | string {
  let charged: { rate: number } | { amount: number };
  if (draft.kind === "rate") {
    const rate = taxRateFrom(draft.value);
    if (rate === null || rate === 0) return t("pricing.chargePercent");
    charged = { rate };
  } else {
    const amount = priceFrom(draft.value);
    if (amount === null || amount === 0) return t("pricing.chargeAmount");
    charged = { amount };
  }
  const minGuests = draft.automatic && draft.minGuests.trim() ? wholeFrom(draft.minGuests) : null;
  if (draft.automatic && draft.minGuests.trim() && !minGuests) return t("pricing.partySize");
  return {
    name: draft.name.trim(),
    ...charged,
    taxRateId: draft.taxRateId || null,
    automatic: draft.automatic,
    minGuests,
    orderTypes: draft.automatic ? draft.orderTypes : [],
  };
}

/** When a charge applies, in words: "Added by a server", "Automatic from 6 guests · Dine in". */
export function whenCharged(charge: Pick<ServiceCharge, "automatic" | "minGuests" | "orderTypes">): string {
  if (!charge.automatic) return t("pricing.byServer");
  const parts = [charge.minGuests ? t("pricing.autoFrom", { guests: charge.minGuests }) : t("pricing.autoAlways")];
  if (charge.orderTypes.length > 0) {
    parts.push(
      ORDER_TYPES.filter((type) => charge.orderTypes.includes(type))
        .map(orderTypeName)
        .join(", "),
    );
  }
  return parts.join(" · ");
}
