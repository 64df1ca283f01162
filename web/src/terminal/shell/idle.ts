// The idle sign-out and the sign-out question (docs/decisions.md, "The terminal: idle sign-out
// and unsent items"). The location says how long a terminal may stay untouched
// (idleSignOutSeconds, null: never); 10 s before, the terminal warns with a countdown, and a
// tap stays. Lines added and not yet sent to the kitchen are never dropped in silence: with
// unsent items on the open check, the idle sign-out warns and then stays signed in asking
// whether to send, and a manual Sign out asks first. What waits in the outbox is safe either
// way: it is sent under its own session after the sign-out.

import type { Order } from "../../shared/types";
import { t } from "../messages";
import { whereOf } from "../names";

/** How long before the idle sign-out the terminal warns. */
export const WARNING_MS = 10_000;

/** The unsent items of the open check: where it is, and how many lines. */
export interface Unsent {
  where: string;
  count: number;
}

export type Idle =
  | { kind: "active" }
  | { kind: "warning"; secondsLeft: number }
  | { kind: "sign-out" }
  | { kind: "ask"; unsent: Unsent };

/** What the idle timer does after `untouchedMs` with no tap or key, for a location whose limit
 * is `limitMs` (null: never). */
export function idleAfter(limitMs: number | null, untouchedMs: number, unsent: Unsent | null): Idle {
  if (limitMs === null || untouchedMs < limitMs - WARNING_MS) return { kind: "active" };
  if (untouchedMs < limitMs) return { kind: "warning", secondsLeft: Math.ceil((limitMs - untouchedMs) / 1000) };
  return unsent ? { kind: "ask", unsent } : { kind: "sign-out" };
}

/** The open check's unsent lines, or null when it has none (or no check is open). */
export function unsentOf(order: Order | null): Unsent | null {
  const count = order?.items.filter((item) => item.status === "PENDING").length ?? 0;
  return order && count > 0 ? { where: whereOf(order), count } : null;
}

/** The question a sign-out with unsent items asks: `idle` when the timer ran out. */
export function unsentQuestion(unsent: Unsent, idle: boolean): string {
  return idle
    ? t("terminal.signout.idleQuestion", { where: unsent.where })
    : t("terminal.signout.question", { where: unsent.where, count: unsent.count });
}

/** A location's setting in milliseconds: null (never) stays null. */
export function idleLimitMs(idleSignOutSeconds: number | null | undefined): number | null {
  return idleSignOutSeconds === null ? null : (idleSignOutSeconds ?? 180) * 1000;
}
