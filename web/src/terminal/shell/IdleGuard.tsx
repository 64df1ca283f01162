// The idle timer on screen (the rule: ./idle.ts): a tap or key anywhere starts it again; 10 s
// before the limit a countdown asks to tap to stay; at the limit it signs out, or, with unsent
// items on the open check, hands the question to the shell and stays signed in.

import { useEffect, useState } from "preact/hooks";
import { useLatest } from "../../shared/latest";
import { Button } from "../../shared/ui";
import { type Idle, idleAfter, type Unsent } from "./idle";
import { rich, t } from "../messages";

const TICK_MS = 250;

export function IdleGuard(props: {
  limitMs: number | null;
  unsent: Unsent | null;
  onSignOut: () => void;
  onAsk: (unsent: Unsent) => void;
}) {
  const [idle, setIdle] = useState<Idle>({ kind: "active" });
  const latest = useLatest(props);
  useEffect(() => {
    let touched = Date.now();
    const touch = () => {
      touched = Date.now();
      setIdle({ kind: "active" });
    };
    const tick = setInterval(() => {
      const { limitMs, unsent, onSignOut, onAsk } = latest.current;
      const next = idleAfter(limitMs, Date.now() - touched, unsent);
      if (next.kind === "sign-out") onSignOut();
      else if (next.kind === "ask") {
        touched = Date.now();
        onAsk(next.unsent);
      } else setIdle((shown) => (sameIdle(shown, next) ? shown : next));
    }, TICK_MS);
    window.addEventListener("pointerdown", touch);
    window.addEventListener("keydown", touch);
    return () => {
      clearInterval(tick);
      window.removeEventListener("pointerdown", touch);
      window.removeEventListener("keydown", touch);
    };
  }, [latest]);

  if (idle.kind !== "warning") return null;
  return (
    <div class="idle-warning" role="alertdialog" aria-label={t("terminal.idle.signingOut")} aria-live="assertive">
      <strong>
        {rich("terminal.idle.countdown", {
          seconds: idle.secondsLeft,
          countdown: (chunks) => <span data-testid="idle-countdown">{chunks}</span>,
        })}
      </strong>
      <Button tone="accent">{t("terminal.idle.stay")}</Button>
    </div>
  );
}

function sameIdle(a: Idle, b: Idle): boolean {
  return a.kind === b.kind && (a.kind !== "warning" || b.kind !== "warning" || a.secondsLeft === b.secondsLeft);
}
