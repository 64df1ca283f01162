// The chooser's rules (docs/design.md §9): a product may have variants (one must be picked; its
// price replaces the product's) and modifier groups, each allowing minSelections to
// maxSelections of its options (null: no limit). Absent fields count as "none", so a plain
// product adds with one tap. Special requests are ad-hoc modifiers (a name and a price, an id
// that is no catalogue product): the server counts them in no group.

import type { Cents } from "../money";
import { toCents } from "../money";
import { t } from "../messages";

export interface ModifierOption {
  modifierOptionId: string;
  name: string;
  price: number;
  is86d?: boolean;
}

export interface ModifierGroup {
  id: string;
  name: string;
  minSelections: number;
  maxSelections: number | null;
  options: ModifierOption[];
}

export interface Variant {
  id: string;
  name: string;
  price: number;
  isActive?: boolean;
}

export interface ChoosableProduct {
  id: string;
  name: string;
  price: number;
  modifierGroups?: ModifierGroup[];
  variants?: Variant[];
}

/** An ad-hoc modifier: "no onions", "extra sauce" +0.50. */
export interface SpecialRequest {
  modifierOptionId: string;
  name: string;
  price: number;
}

export interface Selection {
  variantId: string | null;
  /** Chosen option ids per group id. */
  options: Record<string, string[]>;
  requests: SpecialRequest[];
}

export const nothingChosen = (variantId: string | null = null): Selection => ({
  variantId,
  options: {},
  requests: [],
});

export function liveVariants(product: ChoosableProduct): Variant[] {
  return (product.variants ?? []).filter((variant) => variant.isActive !== false);
}

export function groupsOf(product: ChoosableProduct): ModifierGroup[] {
  return product.modifierGroups ?? [];
}

/** Whether one tap adds it (with `selection`, e.g. the variant a barcode matched), or the
 * chooser must open: something is left to choose, or there are options to offer. */
export function needsChoosing(product: ChoosableProduct, selection = nothingChosen()): boolean {
  return groupsOf(product).length > 0 || !canAdd(product, selection);
}

/** A group's rule in words: "Choose 1", "Up to 3", "Choose 2 to 4", "Optional". */
export function ruleInWords(group: Pick<ModifierGroup, "minSelections" | "maxSelections">): string {
  const { minSelections: min, maxSelections: max } = group;
  if (max === null) return min === 0 ? t("rule.optional") : t("rule.atLeast", { min });
  if (min === max) return t("rule.exactly", { min });
  if (min === 0) return t("rule.upTo", { max });
  return t("rule.range", { min, max });
}

/** What is still wrong with a group's choice, in words; null when it holds. */
export function groupProblem(group: ModifierGroup, chosen: string[]): string | null {
  if (chosen.length < group.minSelections) {
    const missing = group.minSelections - chosen.length;
    return t("rule.chooseMore", { missing });
  }
  if (group.maxSelections !== null && chosen.length > group.maxSelections) {
    return t("rule.atMost", { max: group.maxSelections });
  }
  return null;
}

/** Whether `optionId` can be picked now: not 86'd, and the group has room (a "Choose 1"
 * group always does: a tap swaps the pick). */
export function canPick(group: ModifierGroup, chosen: string[], optionId: string): boolean {
  if (chosen.includes(optionId)) return true;
  const option = group.options.find((o) => o.modifierOptionId === optionId);
  if (!option || option.is86d) return false;
  return group.maxSelections === null || group.maxSelections === 1 || chosen.length < group.maxSelections;
}

/** Taps an option: picks or unpicks it. In a "Choose 1" group a tap swaps the pick; in a
 * full group a new option is refused (the others must be unpicked first); an 86'd option
 * cannot be picked. */
export function toggleOption(selection: Selection, group: ModifierGroup, optionId: string): Selection {
  const chosen = selection.options[group.id] ?? [];
  let next: string[];
  if (chosen.includes(optionId)) next = chosen.filter((id) => id !== optionId);
  else if (!canPick(group, chosen, optionId)) return selection;
  else if (group.maxSelections === 1) next = [optionId];
  else next = [...chosen, optionId];
  return { ...selection, options: { ...selection.options, [group.id]: next } };
}

export function chooseVariant(selection: Selection, variantId: string): Selection {
  return { ...selection, variantId };
}

/** Adds a special request; a blank name is no request. */
export function addRequest(selection: Selection, request: SpecialRequest): Selection {
  const name = request.name.trim();
  if (!name) return selection;
  return { ...selection, requests: [...selection.requests, { ...request, name }] };
}

export function removeRequest(selection: Selection, modifierOptionId: string): Selection {
  return { ...selection, requests: selection.requests.filter((r) => r.modifierOptionId !== modifierOptionId) };
}

/** Why Add is disabled, in words; empty when the choice is complete. */
export function problems(product: ChoosableProduct, selection: Selection): string[] {
  const found: string[] = [];
  const variants = liveVariants(product);
  if (variants.length > 0 && !variants.some((v) => v.id === selection.variantId)) {
    found.push("Choose a size");
  }
  for (const group of groupsOf(product)) {
    const problem = groupProblem(group, selection.options[group.id] ?? []);
    if (problem) found.push(`${group.name}: ${problem}`);
  }
  return found;
}

export function canAdd(product: ChoosableProduct, selection: Selection): boolean {
  return problems(product, selection).length === 0;
}

/** One unit's price: the variant's (or the product's) plus every chosen option's. */
export function unitPrice(product: ChoosableProduct, selection: Selection): Cents {
  const variant = liveVariants(product).find((v) => v.id === selection.variantId);
  let cents = toCents(variant ? variant.price : product.price);
  for (const group of groupsOf(product)) {
    for (const id of selection.options[group.id] ?? []) {
      const option = group.options.find((o) => o.modifierOptionId === id);
      if (option) cents += toCents(option.price);
    }
  }
  for (const request of selection.requests) cents += toCents(request.price);
  return cents;
}

/** What the line will be called: "Latte (Large)" for a variant, as the server names it. */
export function lineName(product: ChoosableProduct, selection: Selection): string {
  const variant = liveVariants(product).find((v) => v.id === selection.variantId);
  return variant ? `${product.name} (${variant.name})` : product.name;
}

/** A line as the check shows it before the server has it: its name, one unit's price with
 * its modifiers, and the modifiers by name. */
export interface ShownLine {
  name: string;
  unitPrice: Cents;
  modifiers: { modifierOptionId: string; name: string; price: number }[];
}

export function shownLine(product: ChoosableProduct, selection: Selection): ShownLine {
  const chosen = groupsOf(product).flatMap((group) =>
    (selection.options[group.id] ?? []).flatMap((id) => group.options.filter((o) => o.modifierOptionId === id)),
  );
  return {
    name: lineName(product, selection),
    unitPrice: unitPrice(product, selection),
    modifiers: [...chosen, ...selection.requests].map(({ modifierOptionId, name, price }) => ({
      modifierOptionId,
      name,
      price,
    })),
  };
}

export interface AddItemBody {
  productId: string;
  quantity: number;
  variantId?: string;
  modifiers: { modifierOptionId: string; name?: string; price?: number }[];
  notes?: string;
  /** The guest's seat and the course (docs/design.md §5); left out: no seat, course 1. */
  seat?: number;
  course?: number;
}

/** The body of POST /api/orders/{id}/items for this choice: options in the groups' order,
 * then the special requests in the order they were made. */
export function addItemBody(product: ChoosableProduct, selection: Selection, quantity = 1, notes = ""): AddItemBody {
  const body: AddItemBody = {
    productId: product.id,
    quantity,
    modifiers: [
      ...groupsOf(product).flatMap((group) =>
        (selection.options[group.id] ?? []).map((modifierOptionId) => ({ modifierOptionId })),
      ),
      ...selection.requests,
    ],
  };
  if (selection.variantId) body.variantId = selection.variantId;
  if (notes.trim()) body.notes = notes.trim();
  return body;
}
