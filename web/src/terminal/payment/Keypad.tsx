// The payment sheet's keypad: digits, 00 and ⌫ on big keys; what a key does to the entry is
// amounts.ts (pressKey).

import { Button } from "../../shared/ui";
import { KEYS, type Key } from "./amounts";
import { t } from "../messages";

export function Keypad(props: { onKey: (key: Key) => void }) {
  return (
    <div class="pay-keys" role="group" aria-label={t("terminal.keypad")}>
      {KEYS.map((key) => (
        <Button
          key={key}
          onClick={() => props.onKey(key)}
          label={key === "back" ? t("terminal.keypad.back") : undefined}
        >
          {key === "back" ? t("terminal.keypad.backKey") : key}
        </Button>
      ))}
    </div>
  );
}
