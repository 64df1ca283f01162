// Signing out with unsent items on the open check asks first (./idle.ts): send them to the
// kitchen and sign out, sign out leaving them unsent on the check, or stay.

import { Button, Sheet } from "../../shared/ui";
import { type Unsent, unsentQuestion } from "./idle";
import { t } from "../messages";

export function SignOutQuestion(props: {
  unsent: Unsent;
  idle: boolean;
  onSendAndSignOut: () => void;
  onSignOut: () => void;
  onStay: () => void;
}) {
  return (
    <Sheet title={unsentQuestion(props.unsent, props.idle)} onClose={props.onStay}>
      <p>{props.idle ? t("terminal.signout.idleExplained") : t("terminal.signout.explained")}</p>
      <div class="sheet-actions">
        <Button tone="accent" onClick={props.onSendAndSignOut}>
          {t("terminal.signout.send")}
        </Button>
        <Button tone="danger" onClick={props.onSignOut}>
          {t("terminal.signout.anyway")}
        </Button>
        <Button onClick={props.onStay}>{t("terminal.signout.stay")}</Button>
      </div>
    </Sheet>
  );
}
