// Unpairing takes a manager (docs/security.md): a manager picks their name and types their PIN,
// which the server checks as a sign-in (POST /api/sessions, with its wrong-PIN limits and
// lock-out); the session, a MANAGER's or ADMIN's, is signed out at once and only proves who
// asked. Then a confirmation, and the terminal forgets its device token.

import { useState } from "preact/hooks";
import { Api } from "../../shared/api/client";
import { signIn, signOut } from "../../shared/api/staff";
import type { StaffCard } from "../../shared/types";
import { Button, PinPad, Sheet, StaffPicker } from "../../shared/ui";
import { refusalInWords } from "./SignIn";

const isManager = (member: { role: string }) => member.role === "MANAGER" || member.role === "ADMIN";

export function UnpairSheet(props: {
  api: Api;
  staff: StaffCard[];
  deviceName: string | null;
  onUnpair: () => void;
  onCancel: () => void;
}) {
  const managers = props.staff.filter(isManager);
  const [picked, setChosen] = useState<string | null>(null);
  // The only manager is picked for them, also when the staff list arrives after the sheet opened.
  const chosen = picked ?? (managers.length === 1 ? managers[0].id : null);
  const [approvedBy, setApprovedBy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(pin: string) {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const session = await signIn(props.api, { staffId: chosen, pin });
      await signOut(new Api(() => session.token, undefined, undefined, "", false)).catch(() => {});
      if (isManager(session.staff)) setApprovedBy(session.staff.name);
      else setError("Only a manager can unpair this terminal.");
    } catch (failure) {
      setError(refusalInWords(failure));
    } finally {
      setBusy(false);
    }
  }

  const terminal = props.deviceName ? `“${props.deviceName}”` : "this terminal";
  return (
    <Sheet title="Unpair this terminal" onClose={props.onCancel} wide>
      {approvedBy ? (
        <>
          <p>
            {approvedBy}: unpair {terminal}? It forgets its device token, and pairing it again takes a new one from the
            back office. Changes still waiting on it are sent all the same.
          </p>
          <div class="sheet-actions">
            <Button tone="danger" onClick={props.onUnpair}>
              Unpair {terminal}
            </Button>
            <Button onClick={props.onCancel}>Keep it paired</Button>
          </div>
        </>
      ) : (
        <>
          <p>A manager unpairs a terminal. Manager: pick your name and type your PIN.</p>
          {managers.length === 0 && <p class="notice">Nobody with a manager's PIN yet: set one in the back office.</p>}
          <div class="approval">
            <StaffPicker staff={managers} chosen={chosen} onPick={setChosen} />
            <PinPad onEnter={check} busy={busy || !chosen} error={error} />
          </div>
        </>
      )}
    </Sheet>
  );
}
