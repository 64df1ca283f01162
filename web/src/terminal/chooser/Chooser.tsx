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
            Size <span class={`rule ${selection.variantId ? "" : "rule-unmet"}`}>Choose 1</span>
          </legend>
          <div class="choices">
            {variants.map((variant) => (
              <Button
                key={variant.id}
                pressed={selection.variantId === variant.id}
                onClick={() => setSelection(chooseVariant(selection, variant.id))}
                label={`${variant.name} ${money(toCents(variant.price))}`}
              >
                {variant.name} · {money(toCents(variant.price))}
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
                  label={option.is86d ? `${option.name}, 86` : option.name}
                  class={option.is86d ? "is86d" : ""}
                >
                  {option.name}
                  {option.price ? ` +${money(toCents(option.price))}` : ""}
                  {option.is86d ? " · 86" : ""}
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
        <Button onClick={() => setQuantity(Math.max(1, quantity - 1))} label="One fewer" disabled={quantity <= 1}>
          −
        </Button>
        <output aria-label="Quantity">{quantity}</output>
        <Button onClick={() => setQuantity(quantity + 1)} label="One more">
          +
        </Button>
        <label class="inline">
          Note
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
        Add {quantity > 1 ? `${quantity} ` : ""}· {money(unitPrice(product, selection) * quantity)}
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
        Special requests <span class="rule">Optional</span>
      </legend>
      {props.selection.requests.length > 0 && (
        <div class="choices">
          {props.selection.requests.map((request) => (
            <Button
              key={request.modifierOptionId}
              pressed
              onClick={() => props.onRemove(request.modifierOptionId)}
              label={`Remove ${request.name}`}
            >
              {request.name}
              {request.price ? ` +${props.money(toCents(request.price))}` : ""} ✕
            </Button>
          ))}
        </div>
      )}
      <div class="field-row">
        <label class="inline field-grow">
          Request
          <input
            value={name}
            placeholder="e.g. no ice"
            maxLength={100}
            onInput={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === "Enter" && add()}
          />
        </label>
        <label class="inline request-price">
          Price
          <input
            inputMode="decimal"
            value={price}
            placeholder="0.00"
            onInput={(e) => setPrice(e.currentTarget.value)}
          />
        </label>
        <Button onClick={add} disabled={!name.trim() || cents === null} label="Add request">
          Add request
        </Button>
      </div>
    </fieldset>
  );
}
