// The all-day panel: how many of each item are still to cook across the shown tickets.

import type { AllDayCount } from "./board";
import { t } from "./messages";
import { quantityWords } from "./words";

export function AllDay(props: { counts: AllDayCount[] }) {
  return (
    <aside class="all-day" aria-label={t("allDay.title")}>
      <h2>{t("allDay.title")}</h2>
      {props.counts.length === 0 ? (
        <p class="hint">{t("allDay.nothing")}</p>
      ) : (
        <ul aria-label={t("allDay.counts")}>
          {props.counts.map((count) => (
            <li
              key={count.name}
              aria-label={t("allDay.count", { quantity: quantityWords(count.quantity), name: count.name })}
            >
              <span class="all-day-count">{quantityWords(count.quantity)}</span>
              <span class="all-day-name">{count.name}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
