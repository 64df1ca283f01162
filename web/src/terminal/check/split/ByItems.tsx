// By items: each live line with a stepper from 0 to its quantity; what is chosen goes to one
// new check (a part of a line splits it: this check keeps the rest).

import { useState } from "preact/hooks";
import type { Schemas } from "../../../shared/api/client";
import { formatMoney, toCents } from "../../../shared/money";
import type { Order } from "../../../shared/types";
import { Button } from "../../../shared/ui";
import { chosenItems, liveLines, step, whyNotItems } from "./rules";
import { t } from "../../messages";

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
      <ul class="split-lines" aria-label={t("terminal.move.lines")}>
        {lines.map((line) => {
          const quantity = chosen.get(line.id) ?? 0;
          const change = (by: 1 | -1) => setChosen(new Map(chosen).set(line.id, step(quantity, line.quantity, by)));
          return (
            <li
              key={line.id}
              class="split-line"
              aria-label={t("terminal.check.lineName", { quantity: line.quantity, name: line.name })}
            >
              <span class="split-line-name">
                {line.seat
                  ? t("terminal.split.lineSeat", {
                      line: t("terminal.line.quantity", { quantity: line.quantity, name: line.name }),
                      seat: line.seat,
                    })
                  : t("terminal.line.quantity", { quantity: line.quantity, name: line.name })}
              </span>
              <span>{formatMoney(toCents(line.total), props.currency)}</span>
              <span class="stepper">
                <Button
                  onClick={() => change(-1)}
                  disabled={quantity <= 0}
                  label={t("terminal.split.less", { name: line.name })}
                >
                  {t("terminal.chooser.minus")}
                </Button>
                <output aria-label={t("terminal.split.toMove", { name: line.name })}>{quantity}</output>
                <Button
                  onClick={() => change(1)}
                  disabled={quantity >= line.quantity}
                  label={t("terminal.split.more", { name: line.name })}
                >
                  {t("terminal.chooser.plus")}
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
        {t("terminal.split.toNewCheck")}
      </Button>
    </>
  );
}
