// Which line of the check shows its tools (−, +, Note, Seat, Void): one at a time, so the
// check keeps room for its lines at 1024×768 (docs/design.md §5, "The check"). The newest line
// does until a person taps a line: the one just rung up is the one most often changed (one
// more, a note, a seat). A line rung up on this tablet after that takes the tools back; one
// another terminal adds meanwhile does not move them from under a finger.

import type { OrderItem } from "../../shared/types";

/** A person's tap on a line: the line whose tools show (null: none); no tap, null itself:
 * the newest line's do. */
export type Pick = { id: string | null } | null;

/** The newest line: the last unsent one, or, with none unsent, the last one not voided. */
export function newestLine(items: readonly OrderItem[]): string | null {
  const unsent = items.filter((item) => item.status === "PENDING");
  const live = unsent.length ? unsent : items.filter((item) => item.status !== "VOIDED");
  return live.length ? live[live.length - 1].id : null;
}

/** The line showing its tools (null: none): the one tapped while it is on the check and not
 * voided, the newest when none was. */
export function selectedLine(items: readonly OrderItem[], pick: Pick): string | null {
  if (pick === null) return newestLine(items);
  return items.some((item) => item.id === pick.id && item.status !== "VOIDED") ? pick.id : null;
}

/** A tap on the line `id`: it shows its tools, or hides them when it was showing them. */
export function tapLine(items: readonly OrderItem[], pick: Pick, id: string): Pick {
  return { id: selectedLine(items, pick) === id ? null : id };
}

/** The pick once the newest line changed: one rung up here takes the tools (null); another
 * terminal's line leaves them where they were. */
export function afterNewLine(pick: Pick, madeHere: boolean): Pick {
  return madeHere ? null : pick;
}
