// A product's sheet: its size, its choices group by group with their rule in words, how many
// and a note; "Add" says what it adds and, until the rules hold, why it cannot yet.

import { useState } from "preact/hooks";
import { toCents } from "../shared/money";
import { chooseVariant, ruleInWords, toggleOption, unitPrice } from "../shared/rules/modifiers";
import { Sheet } from "../shared/ui";
import { basketLine, type BasketLine } from "./basket";
import { choosable, firstChoice, type GuestProduct, MAX_QUANTITY, whyNotAdd } from "./choice";
import { allergensInWords } from "./Menu";
import { t } from "./messages";

const NOTE_LENGTH = 200;
// Marks, the same in every language.
export const MINUS = "−";
export const PLUS = "+";

/** One less or one more of a number from `min` to `max`, shown as `shown` (said as it changes);
 * `less` and `more` name the buttons. */
export function Stepper(props: {
  value: number;
  min: number;
  max: number;
  shown: string;
  less: string;
  more: string;
  onChange: (value: number) => void;
}) {
  const { value, min, max, onChange } = props;
  return (
    <div class="guest-stepper">
      <button
        type="button"
        class="btn"
        aria-label={props.less}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        {MINUS}
      </button>
      <output aria-live="polite">{props.shown}</output>
      <button
        type="button"
        class="btn"
        aria-label={props.more}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        {PLUS}
      </button>
    </div>
  );
}

export function ProductSheet(props: {
  product: GuestProduct;
  money: (cents: number) => string;
  onClose: () => void;
  onAdd: (line: BasketLine) => void;
}) {
  const { product, money } = props;
  const rules = choosable(product);
  const [selection, setSelection] = useState(() => firstChoice(product));
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState("");
  const why = whyNotAdd(product, selection, quantity);
  const allergens = allergensInWords(product.allergens);
  const whyId = `why-${product.id}`;
  return (
    <Sheet title={product.name} onClose={props.onClose}>
      <div class="guest-sheet">
        {product.description && <p>{product.description}</p>}
        {allergens && <p class="hint">{allergens}</p>}
        {product.variants.length > 0 && (
          <fieldset class="guest-group">
            <legend>{t("sheet.size")}</legend>
            <div class="guest-options">
              {product.variants.map((variant) => (
                <button
                  key={variant.id}
                  type="button"
                  class="btn guest-option"
                  aria-pressed={selection.variantId === variant.id}
                  onClick={() => setSelection((chosen) => chooseVariant(chosen, variant.id))}
                >
                  <span>{variant.name}</span>
                  <span>{money(toCents(variant.price))}</span>
                </button>
              ))}
            </div>
          </fieldset>
        )}
        {rules.modifierGroups.map((group) => {
          const chosen = selection.options[group.id] ?? [];
          return (
            <fieldset key={group.id} class="guest-group">
              <legend>
                <span>{group.name}</span>
                <span class="guest-rule">{ruleInWords(group)}</span>
              </legend>
              <div class="guest-options">
                {group.options.map((option) => (
                  <button
                    key={option.modifierOptionId}
                    type="button"
                    class="btn guest-option"
                    aria-pressed={chosen.includes(option.modifierOptionId)}
                    disabled={option.is86d}
                    onClick={() => setSelection((now) => toggleOption(now, group, option.modifierOptionId))}
                  >
                    <span>{option.name}</span>
                    <span>
                      {option.is86d
                        ? t("menu.soldOut")
                        : option.price !== 0 && t("sheet.extra", { price: money(toCents(option.price)) })}
                    </span>
                  </button>
                ))}
              </div>
            </fieldset>
          );
        })}
        <fieldset class="guest-group">
          <legend>{t("sheet.quantity")}</legend>
          <Stepper
            value={quantity}
            min={1}
            max={MAX_QUANTITY}
            shown={String(quantity)}
            less={t("sheet.less")}
            more={t("sheet.more")}
            onChange={setQuantity}
          />
        </fieldset>
        <label class="guest-note">
          <span>{t("sheet.note")}</span>
          <textarea
            rows={2}
            maxLength={NOTE_LENGTH}
            value={notes}
            onInput={(event) => setNotes(event.currentTarget.value)}
          />
        </label>
        <div class="guest-sheet-actions">
          {why && (
            <p id={whyId} class="guest-why">
              {why}
            </p>
          )}
          <button
            type="button"
            class="btn btn-accent guest-add"
            disabled={why !== null}
            aria-describedby={why ? whyId : undefined}
            onClick={() => props.onAdd(basketLine(product, selection, quantity, notes))}
          >
            {t("sheet.add", { count: quantity, price: money(unitPrice(rules, selection) * quantity) })}
          </button>
        </div>
      </div>
    </Sheet>
  );
}
