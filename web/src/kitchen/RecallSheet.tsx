// The recall list: the location's last ten bumped tickets, newest first; one tap puts a ticket
// back on every kitchen screen (docs/design.md §21). Not filtered by station: a bump is the
// whole ticket's.

import { Button, Sheet } from "../shared/ui";
import { type BoardTicket, destination } from "./board";
import { t } from "./messages";
import { clockTime } from "./board";

export function RecallSheet(props: {
  recent: readonly BoardTicket[];
  onRecall: (ticket: BoardTicket) => void;
  onClose: () => void;
}) {
  return (
    <Sheet title={t("recall.title")} onClose={props.onClose} wide>
      {props.recent.length === 0 ? (
        <p class="hint">{t("recall.nothing")}</p>
      ) : (
        <ul class="recall-list" aria-label={t("recall.recent")}>
          {props.recent.map((ticket) => (
            <li key={ticket.id}>
              <span class="recall-number">{ticket.orderNumber}</span>
              <span class="recall-where">{destination(ticket)}</span>
              <span class="recall-items">{t("recall.items", { count: ticket.items.length })}</span>
              <span class="recall-at">
                {t("recall.bumpedAt", { time: ticket.bumpedAt ? clockTime(Date.parse(ticket.bumpedAt)) : "" })}
              </span>
              <Button
                onClick={() => {
                  props.onRecall(ticket);
                  props.onClose();
                }}
                label={t("bar.recallNumber", { number: ticket.orderNumber })}
              >
                {t("bar.recallButton")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
