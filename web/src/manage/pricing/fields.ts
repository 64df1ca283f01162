// What the taxes & charges forms mean to the API (docs/design.md §15): percentages typed as
// text become fractions, a charge is a percentage or a set amount, and a charge or rate is said
// in words in the tables.

import type { Schemas } from "../../shared/api/client";
import { percentOf } from "../../shared/money";
import type { ChargeOrderType, ServiceCharge, TaxMode, TaxRate } from "../../shared/types";
import { priceFrom, taxRateFrom, wholeFrom } from "../menu/fields";

/** The cash rounding steps a location may pick: none, or the smallest coin it takes. */
export const CASH_STEPS = ["", "0.05", "0.10", "0.25", "0.50", "1.00"] as const;
export type CashStep = (typeof CASH_STEPS)[number];

/** A location's cashRounding as one of the form's steps ("" for none). */
export function cashStepOf(cashRounding: number | null | undefined): CashStep {
  if (!cashRounding) return "";
  return CASH_STEPS.find((step) => step && Number(step) === cashRounding) ?? "";
}

export function cashRoundingOf(step: CashStep): number | null {
  return step ? Number(step) : null;
}

export function cashStepOptions(currency: string): { value: CashStep; label: string }[] {
  return CASH_STEPS.map((value) => ({
    value,
    label: value ? `To ${value} ${currency}` : "None: cash pays the exact amount",
  }));
}

export const TAX_MODES: { value: TaxMode; label: string }[] = [
  { value: "INCLUSIVE", label: "Include tax (VAT)" },
  { value: "EXCLUSIVE", label: "Tax added on top" },
];

export const ORDER_TYPES: { value: ChargeOrderType; label: string }[] = [
  { value: "DINE_IN", label: "Dine in" },
  { value: "TAKEOUT", label: "Takeout" },
  { value: "DELIVERY", label: "Delivery" },
  { value: "BAR_TAB", label: "Bar tab" },
];

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
  if (rate === null) return "The rate is a percentage from 0 to 100, like 20 or 7.7.";
  const takeoutRate = draft.takeoutPercent.trim() ? taxRateFrom(draft.takeoutPercent) : null;
  if (draft.takeoutPercent.trim() && takeoutRate === null)
    return "The takeaway rate is a percentage from 0 to 100, or blank for the same rate.";
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
    if (rate === null || rate === 0) return "The charge is a percentage above 0, like 12.5.";
    charged = { rate };
  } else {
    const amount = priceFrom(draft.value);
    if (amount === null || amount === 0) return "The charge is an amount above 0, like 5.00.";
    charged = { amount };
  }
  const minGuests = draft.automatic && draft.minGuests.trim() ? wholeFrom(draft.minGuests) : null;
  if (draft.automatic && draft.minGuests.trim() && !minGuests)
    return "The party size is a whole number of guests, like 6.";
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
  if (!charge.automatic) return "Added by a server";
  const parts = [charge.minGuests ? `Automatic from ${charge.minGuests} guests` : "Automatic on every order"];
  if (charge.orderTypes.length > 0) {
    parts.push(
      ORDER_TYPES.filter((type) => charge.orderTypes.includes(type.value))
        .map((type) => type.label)
        .join(", "),
    );
  }
  return parts.join(" · ");
}
