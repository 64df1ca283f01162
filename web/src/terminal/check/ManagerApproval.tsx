// A manager authorises one action on the spot: their name, their PIN, POST /api/approvals with
// that action on that order; the one-shot token goes with the same change, sent again, and
// covers nothing else.

import { useEffect, useState } from "preact/hooks";
import { ApiError, Unreachable } from "../../shared/api/client";
import { requestApproval, staffDirectory } from "../../shared/api/staff";
import { formatMoney, toCents } from "../../shared/money";
import { useTerminal } from "../context";
import type { StaffCard } from "../../shared/types";
import { PinPad, Sheet, StaffPicker } from "../../shared/ui";
import { inWords } from "../problems";
import type { PendingApproval } from "./state";
import { t } from "../messages";

function needsServer(failure: unknown): string {
  return failure instanceof Unreachable ? t("terminal.approval.needsServer") : inWords(failure);
}

export function ManagerApproval(props: { pending: PendingApproval; onCancel: () => void }) {
  const { api, currency } = useTerminal();
  // A change that moves money is approved up to its amount, and the manager sees it.
  const amount = props.pending.ask.amount;
  const upTo =
    amount === undefined || amount === null
      ? ""
      : t("terminal.approval.upTo", { amount: formatMoney(toCents(amount), currency) });
  const [managers, setManagers] = useState<StaffCard[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    staffDirectory(api, { limit: 100 })
      .then((page) => {
        const found = page.data.filter((member) => member.role === "MANAGER" || member.role === "ADMIN");
        setManagers(found);
        if (found.length === 1) setChosen(found[0].id);
      })
      .catch((failure) => setError(needsServer(failure)));
  }, [api]);

  async function approve(pin: string) {
    if (!chosen) return;
    try {
      const granted = await requestApproval(api, { staffId: chosen, pin, ...props.pending.ask });
      await props.pending.approve(granted.token);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401 ? t("terminal.approval.wrongPin") : needsServer(failure),
      );
    }
  }

  return (
    <Sheet title={t("terminal.approval.title")} onClose={props.onCancel} wide>
      <p>{t("terminal.approval.ask", { what: props.pending.what, upTo })}</p>
      <div class="approval">
        <StaffPicker staff={managers} chosen={chosen} onPick={setChosen} />
        <PinPad onEnter={approve} busy={!chosen} error={error} />
      </div>
    </Sheet>
  );
}
