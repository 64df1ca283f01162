// The all-day panel: how many of each item are still to cook across the shown tickets.

import type { AllDayCount } from "./board";
import { formatQuantity } from "./board";

export function AllDay(props: { counts: AllDayCount[] }) {
  return (
    <aside class="all-day" aria-label="All day">
      <h2>All day</h2>
      {props.counts.length === 0 ? (
        <p class="hint">Nothing left to cook.</p>
      ) : (
        <ul aria-label="All-day counts">
          {props.counts.map((count) => (
            <li key={count.name} aria-label={`${formatQuantity(count.quantity)} ${count.name}`}>
              <span class="all-day-count">{formatQuantity(count.quantity)}</span>
              <span class="all-day-name">{count.name}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
