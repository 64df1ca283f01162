// The product sheet's rules on the guests' phone (docs/design.md §28): the terminal's chooser
// rules (shared/rules/modifiers.ts) over the guests' menu, and why "Add" is not possible yet,
// in words, the first thing left to do first.

import type { Schemas } from "../shared/api/client";
import {
  type ChoosableProduct,
  type ModifierGroup,
  type Selection,
  groupProblem,
  nothingChosen,
} from "../shared/rules/modifiers";
import { t } from "./messages";

export type GuestProduct = Schemas["GuestProduct"];

/** A product of the guests' menu as the shared rules read it: its groups by their place (the
 * guests' groups carry no id), a sold-out option as 86'd. */
export interface Choosable extends ChoosableProduct {
  modifierGroups: ModifierGroup[];
}

export function choosable(product: GuestProduct): Choosable {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    variants: product.variants,
    modifierGroups: product.modifierGroups.map((group, place) => ({
      id: String(place),
      name: group.name,
      minSelections: group.minSelections,
      maxSelections: group.maxSelections,
      options: group.options.map((option) => ({ ...option, is86d: option.soldOut })),
    })),
  };
}

/** What the sheet opens with: the first size picked (a product with sizes has one), nothing
 * else: a required choice is the guest's to make. */
export const firstChoice = (product: GuestProduct): Selection => nothingChosen(product.variants[0]?.id ?? null);

/** Why the product cannot be added as chosen, in words; null when it can. */
export function whyNotAdd(product: GuestProduct, selection: Selection, quantity: number): string | null {
  if (product.soldOut) return t("choice.soldOut");
  if (product.variants.length > 0 && !product.variants.some((variant) => variant.id === selection.variantId)) {
    return t("choice.chooseSize");
  }
  for (const group of choosable(product).modifierGroups) {
    const problem = groupProblem(group, selection.options[group.id] ?? []);
    if (problem) return t("choice.groupProblem", { group: group.name, problem });
  }
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return t("choice.quantity");
  return null;
}

/** The most of one line a round takes (the API's 1-99). */
export const MAX_QUANTITY = 99;
