// By items: each live line with a stepper from 0 to its quantity; what is chosen goes to one
// new check (a part of a line splits it: this check keeps the rest).

import { useState } from "preact/hooks";
import type { Schemas } from "../../../shared/api/client";
import { formatMoney, toCents } from "../../../shared/money";
import type { Order } from "../../../shared/types";
import { Button } from "../../../shared/ui";
import { chosenItems, liveLines, step, whyNotItems } from "./rules";

export function ByItems(props: {
  order: Order;
  currency: string;
  busy: boolean;
  onSplit: (items: Schemas["SplitItemIn"][]) => void;
}) {
  const lines = liveLines(props.order);
  const [chosen, setChosen] = useState<Map<string, number>>(new Map());
  const why = whyNotItems(lines, chosen);
  return (
    <>
      <ul class="split-lines" aria-label="Lines to move">
        {lines.map((line) => {
          const quantity = chosen.get(line.id) ?? 0;
          const change = (by: 1 | -1) => setChosen(new Map(chosen).set(line.id, step(quantity, line.quantity, by)));
          return (
            <li key={line.id} class="split-line" aria-label={`${line.quantity} ${line.name}`}>
              <span class="split-line-name">
                {line.quantity} × {line.name}
                {line.seat ? ` · Seat ${line.seat}` : ""}
              </span>
              <span>{formatMoney(toCents(line.total), props.currency)}</span>
              <span class="stepper">
                <Button onClick={() => change(-1)} disabled={quantity <= 0} label={`Less ${line.name} to move`}>
                  −
                </Button>
                <output aria-label={`${line.name} to move`}>{quantity}</output>
                <Button
                  onClick={() => change(1)}
                  disabled={quantity >= line.quantity}
                  label={`More ${line.name} to move`}
                >
                  +
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
      {why && <p class="hint">{why}</p>}
      <Button
        tone="accent"
        class="wide"
        disabled={why !== null || props.busy}
        onClick={() => props.onSplit(chosenItems(lines, chosen))}
      >
        Move to a new check
      </Button>
    </>
  );
}
