// The chooser sheet: a variant (size) and each modifier group with its rule in words; Add
// stays disabled until every rule holds, and the price follows each pick. Special requests
// (ad-hoc modifiers, with a price or free) and a note go with the line.

import { useState } from "preact/hooks";
import { randomUuid } from "../../shared/api/client";
import { useTerminal } from "../context";
import { formatMoney, fromCents, parseAmount, toCents } from "../../shared/money";
import { Button, Sheet } from "../../shared/ui";
import {
  type AddItemBody,
  addItemBody,
  addRequest,
  canAdd,
  canPick,
  type ChoosableProduct,
  chooseVariant,
  groupProblem,
  groupsOf,
  type ShownLine,
  shownLine,
  liveVariants,
  problems,
  removeRequest,
  ruleInWords,
  type Selection,
  toggleOption,
  unitPrice,
} from "../../shared/rules/modifiers";
import { rich, t } from "../messages";

export function Chooser(props: {
  product: ChoosableProduct;
  selection: Selection;
  onAdd: (body: AddItemBody, shown: ShownLine) => void;
  onClose: () => void;
}) {
  const { currency } = useTerminal();
  const { product } = props;
  const [selection, setSelection] = useState(props.selection);
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState("");
  const variants = liveVariants(product);
  const money = (cents: number) => formatMoney(cents, currency);
  const ready = canAdd(product, selection);
  return (
    <Sheet title={product.name} onClose={props.onClose} wide>
      {variants.length > 0 && (
        <fieldset class="group">
          <legend>
            {rich("terminal.chooser.size", {
              rule: (chunks) => <span class={`rule ${selection.variantId ? "" : "rule-unmet"}`}>{chunks}</span>,
            })}
          </legend>
          <div class="choices">
            {variants.map((variant) => (
              <Button
                key={variant.id}
                pressed={selection.variantId === variant.id}
                onClick={() => setSelection(chooseVariant(selection, variant.id))}
                label={t("terminal.chooser.variantLabel", { name: variant.name, price: money(toCents(variant.price)) })}
              >
                {t("terminal.chooser.variant", { name: variant.name, price: money(toCents(variant.price)) })}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      {groupsOf(product).map((group) => {
        const chosen = selection.options[group.id] ?? [];
        const problem = groupProblem(group, chosen);
        return (
          <fieldset key={group.id} class="group">
            <legend>
              {group.name} <span class={`rule ${problem ? "rule-unmet" : ""}`}>{ruleInWords(group)}</span>
            </legend>
            <div class="choices">
              {group.options.map((option) => (
                <Button
                  key={option.modifierOptionId}
                  pressed={chosen.includes(option.modifierOptionId)}
                  disabled={!canPick(group, chosen, option.modifierOptionId)}
                  onClick={() => setSelection(toggleOption(selection, group, option.modifierOptionId))}
                  label={option.is86d ? t("terminal.chooser.option86Label", { name: option.name }) : option.name}
                  class={option.is86d ? "is86d" : ""}
                >
                  {option.name}
                  {option.price ? t("terminal.chooser.extra", { price: money(toCents(option.price)) }) : ""}
                  {option.is86d ? t("terminal.chooser.option86") : ""}
                </Button>
              ))}
            </div>
          </fieldset>
        );
      })}
      <SpecialRequests
        selection={selection}
        money={money}
        onAdd={(name, cents) =>
          setSelection(addRequest(selection, { modifierOptionId: randomUuid(), name, price: fromCents(cents) }))
        }
        onRemove={(id) => setSelection(removeRequest(selection, id))}
      />
      <div class="chooser-foot">
        <Button
          onClick={() => setQuantity(Math.max(1, quantity - 1))}
          label={t("terminal.chooser.fewer")}
          disabled={quantity <= 1}
        >
          {t("terminal.chooser.minus")}
        </Button>
        <output aria-label={t("terminal.chooser.quantity")}>{quantity}</output>
        <Button onClick={() => setQuantity(quantity + 1)} label={t("terminal.chooser.more")}>
          {t("terminal.chooser.plus")}
        </Button>
        <label class="inline">
          {t("terminal.chooser.note")}
          <input value={notes} onInput={(e) => setNotes(e.currentTarget.value)} maxLength={500} />
        </label>
      </div>
      {!ready && <p class="hint">{problems(product, selection).join(" · ")}</p>}
      <Button
        tone="accent"
        class="wide"
        disabled={!ready}
        onClick={() => props.onAdd(addItemBody(product, selection, quantity, notes), shownLine(product, selection))}
      >
        {t("terminal.chooser.add", { quantity, price: money(unitPrice(product, selection) * quantity) })}
      </Button>
    </Sheet>
  );
}

/** Ad-hoc modifiers: what the guest asks for that the menu does not list. */
function SpecialRequests(props: {
  selection: Selection;
  money: (cents: number) => string;
  onAdd: (name: string, cents: number) => void;
  onRemove: (id: string) => void;
}) {
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const cents = price.trim() ? parseAmount(price) : 0;
  const add = () => {
    if (cents === null || !name.trim()) return;
    props.onAdd(name, cents);
    setName("");
    setPrice("");
  };
  return (
    <fieldset class="group">
      <legend>
        {t("terminal.chooser.requests")} <span class="rule">{t("terminal.chooser.optional")}</span>
      </legend>
      {props.selection.requests.length > 0 && (
        <div class="choices">
          {props.selection.requests.map((request) => (
            <Button
              key={request.modifierOptionId}
              pressed
              onClick={() => props.onRemove(request.modifierOptionId)}
              label={t("terminal.chooser.remove", { name: request.name })}
            >
              {request.name}
              {request.price ? t("terminal.chooser.extra", { price: props.money(toCents(request.price)) }) : ""}
              {t("terminal.chooser.removeMark")}
            </Button>
          ))}
        </div>
      )}
      <div class="field-row">
        <label class="inline field-grow">
          {t("terminal.chooser.request")}
          <input
            value={name}
            placeholder={t("terminal.chooser.requestExample")}
            maxLength={100}
            onInput={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Enter" && add()}
          />
        </label>
        <label class="inline request-price">
          {t("terminal.chooser.price")}
          <input
            inputMode="decimal"
            value={price}
            placeholder={t("terminal.chooser.pricePlaceholder")}
            onInput={(e) => setPrice(e.currentTarget.value)}
          />
        </label>
        <Button onClick={add} disabled={!name.trim() || cents === null} label={t("terminal.chooser.addRequest")}>
          {t("terminal.chooser.addRequest")}
        </Button>
      </div>
    </fieldset>
  );
}
