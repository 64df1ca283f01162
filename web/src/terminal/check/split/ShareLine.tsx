// Share a line: one line picked, shared in 2 to 20 equal lines on this check (the server
// parts its money to the cent), to move them by items after.

import { useState } from "preact/hooks";
import { formatMoney, toCents } from "../../../shared/money";
import type { Order } from "../../../shared/types";
import { Button } from "../../../shared/ui";
import { liveLines, MAX_PARTS, MIN_PARTS, partsWithin } from "./rules";

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
      <div class="choices" role="group" aria-label="Line to share">
        {lines.map((line) => (
          <Button key={line.id} pressed={picked === line.id} onClick={() => setPicked(line.id)}>
            {line.quantity} × {line.name} · {formatMoney(toCents(line.total), props.currency)}
          </Button>
        ))}
      </div>
      <div class="field-row stepper">
        <span>Parts</span>
        <Button onClick={() => setParts(partsWithin(parts - 1))} disabled={parts <= MIN_PARTS} label="One part less">
          −
        </Button>
        <output aria-label="Parts">{parts}</output>
        <Button onClick={() => setParts(partsWithin(parts + 1))} disabled={parts >= MAX_PARTS} label="One part more">
          +
        </Button>
      </div>
      <Button
        tone="accent"
        class="wide"
        disabled={picked === null || props.busy}
        onClick={() => picked && props.onShare(picked, parts)}
      >
        Share in {parts}
      </Button>
    </>
  );
}
