// Signing out with unsent items on the open check asks first (./idle.ts): send them to the
// kitchen and sign out, sign out leaving them unsent on the check, or stay.

import { Button, Sheet } from "../../shared/ui";
import { type Unsent, unsentQuestion } from "./idle";

export function SignOutQuestion(props: {
  unsent: Unsent;
  idle: boolean;
  onSendAndSignOut: () => void;
  onSignOut: () => void;
  onStay: () => void;
}) {
  return (
    <Sheet title={unsentQuestion(props.unsent, props.idle)} onClose={props.onStay}>
      <p>
        {props.idle ? "Nobody has touched this terminal for a while. " : ""}Unsent items stay on the check, where the
        next person can send them; the kitchen has nothing until they are sent.
      </p>
      <div class="sheet-actions">
        <Button tone="accent" onClick={props.onSendAndSignOut}>
          Send and sign out
        </Button>
        <Button tone="danger" onClick={props.onSignOut}>
          Sign out anyway
        </Button>
        <Button onClick={props.onStay}>Stay</Button>
      </div>
    </Sheet>
  );
}
