// The recall list: the location's last ten bumped tickets, newest first; one tap puts a ticket
// back on every kitchen screen (docs/design.md §21). Not filtered by station: a bump is the
// whole ticket's.

import { Button, Sheet } from "../shared/ui";
import { type BoardTicket, destination } from "./board";
import { clockTime } from "./state";

export function RecallSheet(props: {
  recent: readonly BoardTicket[];
  onRecall: (ticket: BoardTicket) => void;
  onClose: () => void;
}) {
  return (
    <Sheet title="Recall" onClose={props.onClose} wide>
      {props.recent.length === 0 ? (
        <p class="hint">Nothing bumped in the last day.</p>
      ) : (
        <ul class="recall-list" aria-label="Recently bumped">
          {props.recent.map((ticket) => (
            <li key={ticket.id}>
              <span class="recall-number">{ticket.orderNumber}</span>
              <span class="recall-where">{destination(ticket)}</span>
              <span class="recall-items">{ticket.items.length === 1 ? "1 item" : `${ticket.items.length} items`}</span>
              <span class="recall-at">bumped {ticket.bumpedAt ? clockTime(Date.parse(ticket.bumpedAt)) : ""}</span>
              <Button
                onClick={() => {
                  props.onRecall(ticket);
                  props.onClose();
                }}
                label={`Recall ${ticket.orderNumber}`}
              >
                ↶ Recall
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
