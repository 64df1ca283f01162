// By seat: each seat's lines and amount, and which stay on this check (the lines with no seat,
// else the lowest seat's); every other seat becomes a new check.

import { formatMoney } from "../../../shared/money";
import type { Order } from "../../../shared/types";
import { Button } from "../../../shared/ui";
import { bySeat, whyNotBySeat } from "./rules";

export function BySeat(props: { order: Order; currency: string; busy: boolean; onSplit: () => void }) {
  const groups = bySeat(props.order);
  const why = whyNotBySeat(groups);
  return (
    <>
      <ul class="split-groups" aria-label="Seats">
        {groups.map((group) => (
          <li key={group.seat ?? "none"} class="split-group" aria-label={group.seat ? `Seat ${group.seat}` : "No seat"}>
            <div class="split-group-head">
              <strong>
                {group.seat ? `Seat ${group.seat}` : "No seat"}
                {group.stays ? ": stays on this check" : ": a new check"}
              </strong>
              <span>{formatMoney(group.cents, props.currency)}</span>
            </div>
            <p class="split-group-lines">{group.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ")}</p>
          </li>
        ))}
      </ul>
      {why && <p class="notice">{why}</p>}
      <Button tone="accent" class="wide" disabled={why !== null || props.busy} onClick={props.onSplit}>
        Split by seat
      </Button>
    </>
  );
}
