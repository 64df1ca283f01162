// Modifier groups: a rule (at least / at most) and options, which are MODIFIER products with a
// price of their own. New options are made here; products offer groups from their own panel.

import { useState } from "preact/hooks";
import { ruleInWords } from "../../shared/rules/modifiers";
import { Button } from "../../shared/ui";
import { createModifierGroup, deleteModifierGroup, updateModifierGroup } from "../../shared/api/categories";
import { createProduct, listProducts } from "../../shared/api/products";
import { useBackOffice } from "../context";
import {
  CheckField,
  everyPage,
  ListTools,
  PanelActions,
  Problem,
  RecordTable,
  SidePanel,
  TextField,
  useAction,
  useEditing,
  useLoaded,
  useMoney,
} from "../parts";
import type { ModifierGroupRecord } from "../types";
import { priceFrom, wholeFrom } from "./fields";
import type { MenuData } from "./Menu";

export function ModifierGroups(props: { menu: MenuData }) {
  const { groups, reloadGroups } = props.menu;
  const money = useMoney();
  const { editing, edit, close, saved } = useEditing<ModifierGroupRecord>();
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const shown = groups.filter((group) => !needle || group.name.toLowerCase().includes(needle));
  return (
    <div class="with-panel">
      <div class="panel">
        <ListTools
          search={search}
          onSearch={setSearch}
          searchLabel="Search modifier groups"
          newLabel="New modifier group"
          onNew={() => edit("new")}
        />
        {groups.length === 0 ? (
          <p class="hint">
            No modifier groups yet: make one (say “Doneness: choose 1”), then tick it on the products that offer it.
          </p>
        ) : (
          <RecordTable
            label="Modifier groups"
            rows={shown}
            columns={[
              { title: "Name", cell: (group) => group.name },
              { title: "Rule", cell: (group) => ruleInWords(group) },
              {
                title: "Options",
                wraps: true,
                cell: (group) =>
                  group.options
                    .map((option) => `${option.name}${option.price ? ` +${money(option.price)}` : ""}`)
                    .join(", ") || "none yet",
              },
            ]}
            actions={(group) => (
              <Button label={`Edit ${group.name}`} onClick={() => edit(group)}>
                Edit
              </Button>
            )}
          />
        )}
      </div>
      {editing && (
        <GroupPanel
          key={editing === "new" ? "new" : editing.id}
          group={editing === "new" ? null : editing}
          onClose={close}
          onSaved={saved(reloadGroups)}
        />
      )}
    </div>
  );
}

function GroupPanel(props: { group: ModifierGroupRecord | null; onClose: () => void; onSaved: () => void }) {
  const { api, location } = useBackOffice();
  const money = useMoney();
  const { group } = props;
  const [name, setName] = useState(group?.name ?? "");
  const [min, setMin] = useState(String(group?.minSelections ?? 0));
  const [max, setMax] = useState(group?.maxSelections != null ? String(group.maxSelections) : "");
  const [chosen, setChosen] = useState<string[]>(group?.options.map((option) => option.modifierOptionId) ?? []);
  const [optionName, setOptionName] = useState("");
  const [optionPrice, setOptionPrice] = useState("0");
  const [problem, setProblem] = useState<string | null>(null);
  const saving = useAction();
  const options = useLoaded(
    () =>
      everyPage((page) => listProducts(api, { locationId: location.id, productType: "MODIFIER", page, limit: 100 })),
    [],
  );

  async function addOption() {
    const price = priceFrom(optionPrice);
    setProblem(price === null ? "The option's price is an amount like 1.50 (0 for free)." : null);
    if (price === null || !optionName.trim()) return;
    await saving.run(async () => {
      const made = await createProduct(api, {
        name: optionName.trim(),
        price,
        productType: "MODIFIER",
        locationId: location.id,
      });
      setChosen((current) => [...current, made.id]);
      setOptionName("");
      setOptionPrice("0");
      options.reload();
    });
  }

  async function save(event: Event) {
    event.preventDefault();
    const minSelections = wholeFrom(min);
    const maxSelections = max.trim() ? wholeFrom(max) : null;
    if (minSelections === null || (max.trim() && maxSelections === null)) {
      setProblem("“At least” and “At most” are whole numbers (leave “At most” empty for no limit).");
      return;
    }
    setProblem(null);
    const body = {
      name: name.trim(),
      minSelections,
      maxSelections,
      options: chosen.map((productId) => ({ productId })),
    };
    const done = await saving.run(() =>
      group ? updateModifierGroup(api, group.id, body) : createModifierGroup(api, { ...body, locationId: location.id }),
    );
    if (done) props.onSaved();
  }

  async function remove() {
    if (group && (await saving.run(() => deleteModifierGroup(api, group.id)))) props.onSaved();
  }

  return (
    <SidePanel title={group ? `Edit ${group.name}` : "New modifier group"} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label="Group name" value={name} onInput={setName} required />
        <div class="field-row">
          <TextField label="At least" value={min} onInput={setMin} inputMode="numeric" />
          <TextField label="At most" value={max} onInput={setMax} inputMode="numeric" placeholder="no limit" />
        </div>
        <p class="hint">At least 1 makes the group required: the terminal will not add the item until it is chosen.</p>
        <fieldset class="group">
          <legend>Options</legend>
          <Problem error={options.error} />
          {options.data?.length === 0 && <p class="hint">No options yet: add the first below.</p>}
          {(options.data ?? []).map((option) => (
            <CheckField
              key={option.id}
              label={`${option.name} (${option.price ? `+${money(option.price)}` : "free"})`}
              checked={chosen.includes(option.id)}
              onChange={(on) => setChosen(on ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            />
          ))}
          <div class="field-row">
            <TextField label="New option name" value={optionName} onInput={setOptionName} />
            <TextField label="New option price" value={optionPrice} onInput={setOptionPrice} inputMode="decimal" />
          </div>
          <Button onClick={addOption} disabled={saving.busy || !optionName.trim()}>
            Add option
          </Button>
        </fieldset>
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={group ? "Save group" : "Create group"}
          deleteLabel={group ? "Delete group" : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
