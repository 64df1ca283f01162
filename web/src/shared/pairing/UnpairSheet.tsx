// Unpairing takes a manager (docs/security.md): a manager picks their name and types their PIN
// on this screen, which asks for their approval of `device.unpair` on this very device (with a
// sign-in's wrong-PIN limits and lock-out). Then a confirmation, and the screen revokes itself
// on the server (the back office lists it as revoked, docs/design.md §23) and forgets its token.

import { useState } from "preact/hooks";
import type { Api } from "../api/client";
import { currentDevice } from "../api/dining";
import { unpairThisDevice } from "../api/pairing";
import { requestApproval } from "../api/staff";
import { t } from "../messages";
import type { StaffCard } from "../types";
import { Button, PinPad, Sheet, StaffPicker } from "../ui";
import { inWords, refusalInWords } from "../words";

const isManager = (member: { role: string }) => member.role === "MANAGER" || member.role === "ADMIN";

interface Approved {
  token: string;
  by: string;
}

export function UnpairSheet(props: {
  /** This device's own client (its device token). */
  api: Api;
  staff: StaffCard[];
  deviceName: string | null;
  /** What the sheet calls this device. */
  screen: "terminal" | "screen";
  onUnpair: () => void;
  onCancel: () => void;
}) {
  const managers = props.staff.filter(isManager);
  const [picked, setChosen] = useState<string | null>(null);
  // The only manager is picked for them, also when the staff list arrives after the sheet opened.
  const chosen = picked ?? (managers.length === 1 ? managers[0].id : null);
  const [approved, setApproved] = useState<Approved | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(pin: string) {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      const device = await currentDevice(props.api);
      const approval = await requestApproval(props.api, {
        staffId: chosen,
        pin,
        action: "device.unpair",
        resource: { deviceId: device.id },
      });
      setApproved({ token: approval.token, by: approval.approver.name });
    } catch (failure) {
      setError(refusalInWords(failure));
    } finally {
      setBusy(false);
    }
  }

  async function unpair(approval: Approved) {
    setBusy(true);
    setError(null);
    try {
      await unpairThisDevice(props.api, approval.token);
      props.onUnpair();
    } catch (failure) {
      // An approval lasts a minute: past it, the manager types their PIN again.
      setApproved(null);
      setError(inWords(failure));
    } finally {
      setBusy(false);
    }
  }

  const { screen } = props;
  const device = props.deviceName ? t("unpair.named", { name: props.deviceName }) : t("unpair.this", { screen });
  return (
    <Sheet title={t("unpair.title", { screen })} onClose={props.onCancel} wide>
      {approved ? (
        <>
          <p>{t("unpair.confirm", { manager: approved.by, device })}</p>
          <div class="sheet-actions">
            <Button tone="danger" onClick={() => unpair(approved)} disabled={busy}>
              {t("unpair.button", { device })}
            </Button>
            <Button onClick={props.onCancel}>{t("unpair.keep")}</Button>
          </div>
        </>
      ) : (
        <>
          <p>{t("unpair.who", { screen })}</p>
          {managers.length === 0 && <p class="notice">{t("unpair.noManager")}</p>}
          <div class="approval">
            <StaffPicker staff={managers} chosen={chosen} onPick={setChosen} />
            <PinPad onEnter={check} busy={busy || !chosen} error={error} />
          </div>
        </>
      )}
    </Sheet>
  );
}
