// An amount typed on the keypad like a till ("2", "00", "00" is $200.00) or in the field.

import { useState } from "preact/hooks";
import { parseAmount, type Cents } from "../../shared/money";
import { Keypad } from "../payment/Keypad";
import { MAX_TYPED, pressKey } from "../payment/amounts";
import { amountText } from "./money";

export function AmountField(props: { label: string; cents: Cents; onChange: (cents: Cents) => void }) {
  const id = `amount-${props.label.toLowerCase().replace(/\W+/g, "-")}`;
  // What the field shows: the keypad writes the amount with its cents, typing is kept as typed.
  const [text, setText] = useState(amountText(props.cents));
  return (
    <div class="till-amount">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        class="till-amount-input"
        inputMode="decimal"
        value={text}
        onInput={(event) => {
          setText(event.currentTarget.value);
          props.onChange(parseAmount(event.currentTarget.value) ?? 0);
        }}
      />
      <Keypad
        onKey={(key) => {
          const next = pressKey(props.cents, key, MAX_TYPED) ?? 0;
          setText(amountText(next));
          props.onChange(next);
        }}
      />
    </div>
  );
}
