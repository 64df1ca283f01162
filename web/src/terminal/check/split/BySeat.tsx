// By seat: each seat's lines and amount, and which stay on this check (the lines with no seat,
// else the lowest seat's); every other seat becomes a new check.

import { formatMoney } from "../../../shared/money";
import type { Order } from "../../../shared/types";
import { Button } from "../../../shared/ui";
import { bySeat, whyNotBySeat } from "./rules";
import { t } from "../../messages";

export function BySeat(props: { order: Order; currency: string; busy: boolean; onSplit: () => void }) {
  const groups = bySeat(props.order);
  const why = whyNotBySeat(groups);
  return (
    <>
      <ul class="split-groups" aria-label={t("terminal.split.seats")}>
        {groups.map((group) => (
          <li
            key={group.seat ?? "none"}
            class="split-group"
            aria-label={group.seat ? t("terminal.place.seatN", { seat: group.seat }) : t("terminal.place.noSeat")}
          >
            <div class="split-group-head">
              <strong>
                {t(group.stays ? "terminal.split.stays" : "terminal.split.newCheck", {
                  seat: group.seat ? t("terminal.place.seatN", { seat: group.seat }) : t("terminal.place.noSeat"),
                })}
              </strong>
              <span>{formatMoney(group.cents, props.currency)}</span>
            </div>
            <p class="split-group-lines">
              {group.lines
                .map((line) => t("terminal.line.quantity", { quantity: line.quantity, name: line.name }))
                .join(t("terminal.split.listSeparator"))}
            </p>
          </li>
        ))}
      </ul>
      {why && <p class="notice">{why}</p>}
      <Button tone="accent" class="wide" disabled={why !== null || props.busy} onClick={props.onSplit}>
        {t("terminal.split.bySeatDo")}
      </Button>
    </>
  );
}
