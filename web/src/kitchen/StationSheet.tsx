// This screen's station: the one set in the back office (Devices → Kitchen stations), said
// here; without one, which categories this screen shows (nested ones with their parent), kept
// by this browser. Unpairing lives here too, out of a cook's way.

import type { ComponentChildren } from "preact";
import type { Category } from "../shared/types";
import { Button, Sheet } from "../shared/ui";
import type { Station } from "./board";
import { rich, t } from "./messages";

const strong = (chunks: ComponentChildren[]) => <strong>{chunks}</strong>;

export function StationSheet(props: {
  assigned: Station | null;
  categories: Category[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  onUnpair: () => void;
  onClose: () => void;
}) {
  return (
    <Sheet title={t("station.title")} onClose={props.onClose} wide>
      {props.assigned ? (
        <p class="hint">
          {rich(props.assigned.isExpo ? "station.assignedExpo" : "station.assigned", {
            name: props.assigned.name,
            strong,
          })}
        </p>
      ) : (
        <Categories {...props} />
      )}
      <Button tone="danger" onClick={props.onUnpair}>
        {t("station.unpair")}
      </Button>
    </Sheet>
  );
}

function Categories(props: { categories: Category[]; chosen: string[]; onChange: (chosen: string[]) => void }) {
  const toggle = (id: string) =>
    props.onChange(props.chosen.includes(id) ? props.chosen.filter((c) => c !== id) : [...props.chosen, id]);
  return (
    <>
      <p class="hint">{t("station.categoriesHint")}</p>
      <div class="station-grid" role="group" aria-label={t("station.categories")}>
        <Button pressed={props.chosen.length === 0} onClick={() => props.onChange([])}>
          {t("everything")}
        </Button>
        {props.categories.map((category) => (
          <Button key={category.id} pressed={props.chosen.includes(category.id)} onClick={() => toggle(category.id)}>
            {category.parentCategoryId ? t("station.nested", { name: category.name }) : category.name}
          </Button>
        ))}
      </div>
    </>
  );
}
