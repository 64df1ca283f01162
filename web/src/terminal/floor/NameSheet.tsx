// The customer's name for a bar tab or a takeout ("Sam"): typed on the tablet's keyboard,
// optional (Skip opens the check without one), and changed later from the check.

import { useState } from "preact/hooks";
import { Button, Sheet } from "../../shared/ui";
import { customerNameOf, MAX_CUSTOMER_NAME } from "../names";
import { t } from "../messages";

export function NameSheet(props: {
  title: string;
  /** The name it has now ("" for none). */
  name?: string;
  /** What the main button says: "Open tab", "Save name". */
  action: string;
  /** What the other button says, which answers no name: "Skip" (a new check), "No name" (takes it off). */
  skip: string;
  onClose: () => void;
  onName: (customerName: string | null) => void;
}) {
  const [typed, setTyped] = useState(props.name ?? "");
  const name = customerNameOf(typed);
  return (
    <Sheet title={props.title} onClose={props.onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onName(name);
        }}
      >
        <label>
          {t("terminal.name.label")}
          <input
            value={typed}
            maxLength={MAX_CUSTOMER_NAME}
            autoFocus
            autoComplete="off"
            autoCapitalize="words"
            enterKeyHint="done"
            placeholder={t("terminal.name.placeholder")}
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
        </label>
        <div class="choices">
          <Button tone="accent" type="submit" disabled={name === null}>
            {props.action}
          </Button>
          <Button onClick={() => props.onName(null)}>{props.skip}</Button>
        </div>
      </form>
    </Sheet>
  );
}
