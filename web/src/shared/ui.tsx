// The terminal's building blocks: every control is a real button or input with an accessible
// name, at least 44 px tall; colours keep one meaning each (styles.css).

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { t } from "./messages";

// Marks and digits, the same in every language.
const CLOSE_MARK = "✕";
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const ZERO = "0";

type Tone = "neutral" | "accent" | "danger" | "quiet";

export function Button(props: {
  children: ComponentChildren;
  onClick?: () => void;
  tone?: Tone;
  disabled?: boolean;
  label?: string;
  pressed?: boolean;
  class?: string;
  type?: "button" | "submit";
}) {
  return (
    <button
      type={props.type ?? "button"}
      class={`btn btn-${props.tone ?? "neutral"} ${props.class ?? ""}`}
      onClick={props.onClick}
      disabled={props.disabled}
      aria-label={props.label}
      aria-pressed={props.pressed}
    >
      {props.children}
    </button>
  );
}

/** Escape calls `onClose` while the component using it is shown. */
export function useEscape(onClose: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
}

/** While a sheet is `open`, the focus in it (its first control, Close); given back where it
 * was when it closes. */
export function useSheetFocus(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.querySelector<HTMLElement>('[role="dialog"] button')?.focus();
    return () => before?.focus();
  }, [open]);
}

/** A sheet over the screen for a choice that must be made; Escape or Close dismisses it. */
export function Sheet(props: { title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  useEscape(props.onClose);
  return (
    <div class="sheet-backdrop">
      <div class={`sheet ${props.wide ? "sheet-wide" : ""}`} role="dialog" aria-modal="true" aria-label={props.title}>
        <header class="sheet-head">
          <h2>{props.title}</h2>
          <Button tone="quiet" onClick={props.onClose} label={t("ui.close")}>
            {CLOSE_MARK}
          </Button>
        </header>
        <div class="sheet-body">{props.children}</div>
      </div>
    </div>
  );
}

/** Digits typed on big keys; shown as dots. `onEnter` gets the PIN. */
export function PinPad(props: { onEnter: (pin: string) => void; busy?: boolean; error?: string | null }) {
  const [pin, setPin] = useState("");
  const press = (digit: string) => setPin((current) => (current.length < 8 ? current + digit : current));
  const enter = () => {
    if (pin.length >= 4) {
      props.onEnter(pin);
      setPin("");
    }
  };
  return (
    <div class="pinpad">
      <output class="pin-dots" aria-label={t("ui.pinEntered")}>
        {pin.length ? "●".repeat(pin.length) : t("ui.enterPin")}
      </output>
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      <div class="pin-keys">
        {DIGITS.map((digit) => (
          <Button key={digit} onClick={() => press(digit)}>
            {digit}
          </Button>
        ))}
        <Button tone="quiet" onClick={() => setPin("")} label={t("ui.clearPin")}>
          {t("ui.clear")}
        </Button>
        <Button onClick={() => press(ZERO)}>{ZERO}</Button>
        <Button tone="accent" onClick={enter} disabled={pin.length < 4 || props.busy} label={t("ui.enterPin")}>
          {t("ui.ok")}
        </Button>
      </div>
    </div>
  );
}

/** A choice of staff members as big buttons. */
export function StaffPicker(props: {
  staff: { id: string; name: string; role: string }[];
  onPick: (id: string) => void;
  chosen?: string | null;
}) {
  return (
    <div class="staff-grid" role="group" aria-label={t("ui.staff")}>
      {props.staff.map((member) => (
        <Button
          key={member.id}
          onClick={() => props.onPick(member.id)}
          pressed={props.chosen === member.id}
          label={member.name}
        >
          <span class="staff-name">{member.name}</span>
          <span class="staff-role">{t("ui.role", { role: member.role })}</span>
        </Button>
      ))}
    </div>
  );
}
