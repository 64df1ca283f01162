// Which categories this screen shows (its station: grill, bar, cold...), nested ones with
// their parent; kept by this browser. Unpairing lives here too, out of a cook's way.

import type { Category } from "../shared/types";
import { Button, Sheet } from "../shared/ui";

export function StationSheet(props: {
  categories: Category[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  onUnpair: () => void;
  onClose: () => void;
}) {
  const toggle = (id: string) =>
    props.onChange(props.chosen.includes(id) ? props.chosen.filter((c) => c !== id) : [...props.chosen, id]);
  return (
    <Sheet title="Station" onClose={props.onClose} wide>
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
      <Button tone="danger" onClick={props.onUnpair}>
        Unpair this screen
      </Button>
    </Sheet>
  );
}
