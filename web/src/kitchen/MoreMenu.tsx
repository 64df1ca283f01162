// The top bar's "⋯ More": the controls a cook uses rarely (the station, sound, compact, the
// recall list) in one menu, so the bar fits at 1024 px with what is used all night in it. A
// menu button as WAI-ARIA's pattern has it: it opens on a tap (or Enter, Space, ArrowDown), the
// first entry focused; arrows move, Home/End jump, Escape closes back to the button, a tap
// outside or Tab closes it.

import { useEffect, useRef } from "preact/hooks";
import { t } from "./messages";

// Marks, the same in every language.
const MORE_MARK = "⋯";
const CHECK_MARK = "✓";
const UNCHECKED = "";

export interface MenuEntry {
  /** What it says; also its accessible name unless `label` says otherwise. */
  text: string;
  label?: string;
  /** A setting turned on or off (a menuitemcheckbox), or an action when absent. */
  checked?: boolean;
  disabled?: boolean;
  onChoose: () => void;
}

export function MoreMenu(props: { entries: MenuEntry[]; open: boolean; onOpen: (open: boolean) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const { open, onOpen } = props;

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>("[role^='menuitem']") ?? [])];
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) onOpen(false);
    };
    window.addEventListener("pointerdown", outside);
    return () => window.removeEventListener("pointerdown", outside);
  }, [open, onOpen]);

  const close = () => {
    onOpen(false);
    button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items().filter((item) => !item.disabled);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in move) all[move[event.key]]?.focus();
    else if (event.key === "Escape") close();
    else if (event.key === "Tab") onOpen(false);
    else return;
    // The menu's keys are its own: not a bump bar's, not a sheet's.
    if (event.key !== "Tab") event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div class="kds-more">
      <button
        type="button"
        ref={button}
        class="btn btn-neutral kds-more-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? "kds-more-menu" : undefined}
        aria-label={t("menu.more")}
        onClick={() => onOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            event.stopPropagation();
            onOpen(true);
          }
        }}
      >
        {MORE_MARK}
        <span class="kds-more-word"> {t("menu.more")}</span>
      </button>
      {open && (
        <ul
          id="kds-more-menu"
          class="kds-menu"
          role="menu"
          aria-label={t("menu.more")}
          ref={menu}
          onKeyDown={onMenuKey}
        >
          {props.entries.map((entry) => (
            <li key={entry.text} role="none">
              <button
                type="button"
                role={entry.checked === undefined ? "menuitem" : "menuitemcheckbox"}
                aria-checked={entry.checked}
                aria-label={entry.label}
                disabled={entry.disabled}
                tabIndex={-1}
                class="kds-menu-item"
                onClick={() => {
                  onOpen(false);
                  entry.onChoose();
                }}
              >
                {entry.checked !== undefined && (
                  <span class="kds-menu-check" aria-hidden="true">
                    {entry.checked ? CHECK_MARK : UNCHECKED}
                  </span>
                )}
                {entry.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
