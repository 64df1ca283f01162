// The chooser sheet: a variant (size) and each modifier group with its rule in words; Add
// stays disabled until every rule holds, and the price follows each pick.

import { useState } from "preact/hooks";
import { useTerminal } from "../kit/context";
import { formatMoney, toCents } from "../kit/money";
import { Button, Sheet } from "../kit/ui";
import {
  type AddItemBody,
  addItemBody,
  canAdd,
  type ChoosableProduct,
  chooseVariant,
  groupProblem,
  groupsOf,
  liveVariants,
  nothingChosen,
  problems,
  ruleInWords,
  toggleOption,
  unitPrice,
} from "./rules";

export function Chooser(props: { product: ChoosableProduct; onAdd: (body: AddItemBody) => void; onClose: () => void }) {
  const { currency } = useTerminal();
  const { product } = props;
  const [selection, setSelection] = useState(nothingChosen);
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
            Size <span class="rule">Choose 1</span>
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
                  disabled={option.is86d}
                  onClick={() => setSelection(toggleOption(selection, group, option.modifierOptionId))}
                  label={option.is86d ? `${option.name}, 86` : option.name}
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
      <div class="chooser-foot">
        <Button onClick={() => setQuantity(Math.max(1, quantity - 1))} label="One fewer" disabled={quantity <= 1}>
          −
        </Button>
        <output aria-label="Quantity">{quantity}</output>
        <Button onClick={() => setQuantity(quantity + 1)} label="One more">
          +
        </Button>
        <label class="notes">
          Notes
          <input value={notes} onInput={(e) => setNotes(e.currentTarget.value)} maxLength={200} />
        </label>
      </div>
      {!ready && <p class="hint">{problems(product, selection).join(" · ")}</p>}
      <Button tone="accent" disabled={!ready} onClick={() => props.onAdd(addItemBody(product, selection, quantity, notes))}>
        Add {quantity > 1 ? `${quantity} ` : ""}· {money(unitPrice(product, selection) * quantity)}
      </Button>
    </Sheet>
  );
}
