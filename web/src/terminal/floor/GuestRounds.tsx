// The guests' rounds waiting for a server (docs/design.md §28), above the floor: each says its
// table and what it asks for, and is sent to the kitchen or declined with a reason the guests'
// phone shows. A round refused over a visit's limit, and a payment made on a guest's phone, are
// told here until dismissed.

import { useState } from "preact/hooks";
import { useTerminal } from "../context";
import { confirmGuestRound, declineGuestRound } from "../../shared/api/guests";
import { formatMoney, toCents } from "../../shared/money";
import type { GuestRound } from "../../shared/types";
import { Button, Sheet } from "../../shared/ui";
import { t } from "../messages";
import type { Floor } from "./state";
import { useDecisions } from "./decisions";

/** What a round asks for, in a line: "2 × Burger, 1 × Cola". */
export const roundLines = (round: GuestRound) =>
  round.lines.map((line) => t("terminal.rounds.line", { quantity: line.quantity, name: line.name })).join(", ");

export function GuestRounds(props: { floor: Floor }) {
  const { api, currency } = useTerminal();
  const { rounds, settle } = props.floor;
  const [declining, setDeclining] = useState<GuestRound | null>(null);
  const { busy, error, decide: decided } = useDecisions(props.floor.reload);
  if (rounds.waiting.length === 0 && rounds.refused.length === 0 && rounds.paid.length === 0) return null;

  const decide = (round: GuestRound, asked: () => Promise<unknown>) =>
    decided(round.id, asked, () => {
      settle(round.id);
      setDeclining(null);
    });

  return (
    <section class="guest-rounds" aria-label={t("terminal.rounds")}>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rounds.waiting.map((round) => (
        <article key={round.id} class="guest-round" aria-label={t("terminal.rounds.from", { table: round.tableName })}>
          <div class="guest-round-what">
            <strong>{t("terminal.rounds.from", { table: round.tableName })}</strong>
            <span>{roundLines(round)}</span>
            <span>{formatMoney(toCents(round.total), currency)}</span>
          </div>
          <Button
            tone="accent"
            disabled={busy !== null}
            onClick={() => decide(round, () => confirmGuestRound(api, round.id))}
          >
            {t("terminal.rounds.send")}
          </Button>
          <Button tone="quiet" disabled={busy !== null} onClick={() => setDeclining(round)}>
            {t("terminal.rounds.decline")}
          </Button>
        </article>
      ))}
      {rounds.refused.map((round) => (
        <article key={round.id} class="guest-round refused" aria-live="polite">
          <div class="guest-round-what">
            <strong>{t("terminal.rounds.refused", { table: round.tableName })}</strong>
            <span>{round.reason}</span>
          </div>
          <Button tone="quiet" onClick={() => settle(round.id)}>
            {t("terminal.rounds.dismiss")}
          </Button>
        </article>
      ))}
      {rounds.paid.map((payment) => (
        <article key={payment.id} class="guest-round paid" aria-live="polite">
          <div class="guest-round-what">
            <strong>
              {payment.tableName === null
                ? t("terminal.rounds.paidSomewhere")
                : t("terminal.rounds.paid", { table: payment.tableName })}
            </strong>
            <span>
              {t("terminal.rounds.paidHow", {
                amount: formatMoney(toCents(payment.amount), currency),
                tip: formatMoney(toCents(payment.tip), currency),
              })}
            </span>
          </div>
          <Button tone="quiet" onClick={() => settle(payment.id)}>
            {t("terminal.rounds.dismiss")}
          </Button>
        </article>
      ))}
      {declining && (
        <DeclineSheet
          round={declining}
          busy={busy !== null}
          onClose={() => setDeclining(null)}
          onDecline={(reason) => decide(declining, () => declineGuestRound(api, declining.id, reason))}
        />
      )}
    </section>
  );
}

function DeclineSheet(props: {
  round: GuestRound;
  busy: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const [reason, setReason] = useState(t("terminal.rounds.reasonDefault"));
  return (
    <Sheet title={t("terminal.rounds.declineTitle", { table: props.round.tableName })} onClose={props.onClose}>
      <p>{roundLines(props.round)}</p>
      <label>
        <span>{t("terminal.rounds.reason")}</span>
        <input
          value={reason}
          maxLength={200}
          onInput={(event) => setReason((event.target as HTMLInputElement).value)}
        />
      </label>
      <Button
        tone="danger"
        disabled={props.busy || reason.trim() === ""}
        onClick={() => props.onDecline(reason.trim())}
      >
        {t("terminal.rounds.decline")}
      </Button>
    </Sheet>
  );
}
