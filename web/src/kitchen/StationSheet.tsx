// This screen's station: the one set in the back office (Devices → Kitchen stations), said
// here; without one, which categories this screen shows (nested ones with their parent), kept
// by this browser. Unpairing lives here too, out of a cook's way.

import type { Category } from "../shared/types";
import { Button, Sheet } from "../shared/ui";
import type { Station } from "./board";

export function StationSheet(props: {
  assigned: Station | null;
  categories: Category[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  onUnpair: () => void;
  onClose: () => void;
}) {
  return (
    <Sheet title="Station" onClose={props.onClose} wide>
      {props.assigned ? (
        <p class="hint">
          This screen is the <strong>{props.assigned.name}</strong> station
          {props.assigned.isExpo ? ", the expo: it sees every ticket whole and each station's part" : ""}. A manager
          changes it in the back office, under Devices → Kitchen stations.
        </p>
      ) : (
        <Categories {...props} />
      )}
      <Button tone="danger" onClick={props.onUnpair}>
        Unpair this screen
      </Button>
    </Sheet>
  );
}

function Categories(props: { categories: Category[]; chosen: string[]; onChange: (chosen: string[]) => void }) {
  const toggle = (id: string) =>
    props.onChange(props.chosen.includes(id) ? props.chosen.filter((c) => c !== id) : [...props.chosen, id]);
  return (
    <>
      <p class="hint">Show only the items of these categories (and those nested in them).</p>
      <div class="station-grid" role="group" aria-label="Categories">
        <Button pressed={props.chosen.length === 0} onClick={() => props.onChange([])}>
          Everything
        </Button>
        {props.categories.map((category) => (
          <Button key={category.id} pressed={props.chosen.includes(category.id)} onClick={() => toggle(category.id)}>
            {category.parentCategoryId ? "› " : ""}
            {category.name}
          </Button>
        ))}
      </div>
    </>
  );
}
