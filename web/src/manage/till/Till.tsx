// The till in the back office: four tabs, each with its own state (docs/design.md §17, §18).

import type { ComponentType } from "preact";
import { useState } from "preact/hooks";
import { t } from "../messages";
import { Drawers } from "./Drawers";
import { Journal } from "./Journal";
import { Shifts } from "./Shifts";
import { XAndZ } from "./XAndZ";

const TABS: { id: "drawers" | "shifts" | "xz" | "journal"; view: ComponentType }[] = [
  { id: "drawers", view: Drawers },
  { id: "shifts", view: Shifts },
  { id: "xz", view: XAndZ },
  { id: "journal", view: Journal },
];

export function Till() {
  const [tab, setTab] = useState<string>(TABS[0].id);
  const current = TABS.find((found) => found.id === tab) ?? TABS[0];
  const View = current.view;
  // The tabs as a tablist: the arrow keys move between them, Tab leaves them.
  const step = (event: KeyboardEvent) => {
    const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!by) return;
    const next = TABS[(TABS.indexOf(current) + by + TABS.length) % TABS.length];
    setTab(next.id);
    document.getElementById(`till-tab-${next.id}`)?.focus();
  };
  return (
    <section class="section" aria-labelledby="till-title">
      <header class="section-head no-print">
        <h1 id="till-title">{t("till.title")}</h1>
        <div role="tablist" aria-label={t("till.tabs")} class="till-tabs" onKeyDown={step}>
          {TABS.map((found) => (
            <button
              key={found.id}
              type="button"
              role="tab"
              id={`till-tab-${found.id}`}
              aria-selected={found.id === current.id}
              aria-controls="till-panel"
              tabIndex={found.id === current.id ? 0 : -1}
              class={`btn ${found.id === current.id ? "btn-accent" : "btn-neutral"}`}
              onClick={() => setTab(found.id)}
            >
              {t(`till.tab.${found.id}`)}
            </button>
          ))}
        </div>
      </header>
      <div role="tabpanel" id="till-panel" aria-labelledby={`till-tab-${current.id}`} class="stack">
        <View />
      </div>
    </section>
  );
}
