// The till in the back office: four tabs, each with its own state (docs/design.md §17, §18).

import type { ComponentType } from "preact";
import { useState } from "preact/hooks";
import { Drawers } from "./Drawers";
import { Journal } from "./Journal";
import { Shifts } from "./Shifts";
import { XAndZ } from "./XAndZ";

const TABS: { id: string; title: string; view: ComponentType }[] = [
  { id: "drawers", title: "Drawers", view: Drawers },
  { id: "shifts", title: "Shifts", view: Shifts },
  { id: "xz", title: "X and Z", view: XAndZ },
  { id: "journal", title: "Journal", view: Journal },
];

export function Till() {
  const [tab, setTab] = useState(TABS[0].id);
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
        <h1 id="till-title">Till</h1>
        <div role="tablist" aria-label="Till" class="till-tabs" onKeyDown={step}>
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
              {found.title}
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
