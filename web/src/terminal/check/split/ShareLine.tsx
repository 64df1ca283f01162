// Share a line: one line picked, shared in 2 to 20 equal lines on this check (the server
// parts its money to the cent), to move them by items after.

import { useState } from "preact/hooks";
import { formatMoney, toCents } from "../../../shared/money";
import type { Order } from "../../../shared/types";
import { Button } from "../../../shared/ui";
import { liveLines, MAX_PARTS, MIN_PARTS, partsWithin } from "./rules";
import { t } from "../../messages";

export function ShareLine(props: {
  order: Order;
  currency: string;
  busy: boolean;
  onShare: (itemId: string, parts: number) => void;
}) {
  const lines = liveLines(props.order);
  const [picked, setPicked] = useState<string | null>(null);
  const [parts, setParts] = useState(MIN_PARTS);
  return (
    <>
      <div class="choices" role="group" aria-label={t("terminal.split.lineToShare")}>
        {lines.map((line) => (
          <Button key={line.id} pressed={picked === line.id} onClick={() => setPicked(line.id)}>
            {t("terminal.move.line", {
              line: t("terminal.line.quantity", { quantity: line.quantity, name: line.name }),
              total: formatMoney(toCents(line.total), props.currency),
            })}
          </Button>
        ))}
      </div>
      <div class="field-row stepper">
        <span>{t("terminal.split.parts")}</span>
        <Button
          onClick={() => setParts(partsWithin(parts - 1))}
          disabled={parts <= MIN_PARTS}
          label={t("terminal.split.partLess")}
        >
          {t("terminal.chooser.minus")}
        </Button>
        <output aria-label={t("terminal.split.parts")}>{parts}</output>
        <Button
          onClick={() => setParts(partsWithin(parts + 1))}
          disabled={parts >= MAX_PARTS}
          label={t("terminal.split.partMore")}
        >
          {t("terminal.chooser.plus")}
        </Button>
      </div>
      <Button
        tone="accent"
        class="wide"
        disabled={picked === null || props.busy}
        onClick={() => picked && props.onShare(picked, parts)}
      >
        {t("terminal.split.shareIn", { parts })}
      </Button>
    </>
  );
}
