// Modifier groups: a rule (at least / at most) and options, which are MODIFIER products with a
// price of their own. New options are made here; products offer groups from their own panel.

import { useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import { createModifierGroup, deleteModifierGroup, updateModifierGroup } from "../../shared/api/categories";
import { createProduct, listProducts } from "../../shared/api/products";
import { useBackOffice } from "../context";
import { t } from "../messages";
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
import { ruleInWords } from "../../shared/rules/modifiers";
import { priceFrom, wholeFrom } from "./fields";
import type { MenuData } from "./Menu";
import { TranslationsEditor } from "./Translations";
import { translationsBody, translationsDraft } from "./translations";

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
          searchLabel={t("menu.groups.search")}
          newLabel={t("menu.groups.new")}
          onNew={() => edit("new")}
        />
        {groups.length === 0 ? (
          <p class="hint">{t("menu.groups.none")}</p>
        ) : (
          <RecordTable
            label={t("menu.groups.list")}
            rows={shown}
            columns={[
              { title: t("menu.name"), cell: (group) => group.name },
              { title: t("menu.groups.rule"), cell: (group) => ruleInWords(group) },
              {
                title: t("menu.groups.options"),
                wraps: true,
                cell: (group) =>
                  group.options
                    .map((option) =>
                      option.price
                        ? t("menu.groups.optionPrice", { name: option.name, price: money(option.price) })
                        : option.name,
                    )
                    .join(", ") || t("menu.groups.noOptions"),
              },
            ]}
            actions={(group) => (
              <Button label={t("menu.editNamed", { name: group.name })} onClick={() => edit(group)}>
                {t("menu.edit")}
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
  const [translations, setTranslations] = useState(() => translationsDraft(group?.translations));
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
    setProblem(price === null ? t("menu.groups.badPrice") : null);
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
      setProblem(t("menu.groups.badRule"));
      return;
    }
    setProblem(null);
    const body = {
      name: name.trim(),
      minSelections,
      maxSelections,
      options: chosen.map((productId) => ({ productId })),
      translations: translationsBody(translations, false),
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
    <SidePanel title={group ? t("menu.editNamed", { name: group.name }) : t("menu.groups.new")} onClose={props.onClose}>
      <form onSubmit={save}>
        <TextField label={t("menu.groups.name")} value={name} onInput={setName} required />
        <TranslationsEditor value={translations} onChange={setTranslations} withDescription={false} />
        <div class="field-row">
          <TextField label={t("menu.groups.min")} value={min} onInput={setMin} inputMode="numeric" />
          <TextField
            label={t("menu.groups.max")}
            value={max}
            onInput={setMax}
            inputMode="numeric"
            placeholder={t("menu.groups.noLimit")}
          />
        </div>
        <p class="hint">{t("menu.groups.requiredHint")}</p>
        <fieldset class="group">
          <legend>{t("menu.groups.options")}</legend>
          <Problem error={options.error} />
          {options.data?.length === 0 && <p class="hint">{t("menu.groups.noOptionsYet")}</p>}
          {(options.data ?? []).map((option) => (
            <CheckField
              key={option.id}
              label={t("menu.groups.option", {
                name: option.name,
                price: option.price ? t("menu.groups.plus", { price: money(option.price) }) : t("menu.groups.free"),
              })}
              checked={chosen.includes(option.id)}
              onChange={(on) => setChosen(on ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            />
          ))}
          <div class="field-row">
            <TextField label={t("menu.groups.newOption")} value={optionName} onInput={setOptionName} />
            <TextField
              label={t("menu.groups.newOptionPrice")}
              value={optionPrice}
              onInput={setOptionPrice}
              inputMode="decimal"
            />
          </div>
          <Button onClick={addOption} disabled={saving.busy || !optionName.trim()}>
            {t("menu.groups.addOption")}
          </Button>
        </fieldset>
        <Problem error={problem} />
        <Problem error={saving.error} />
        <PanelActions
          busy={saving.busy}
          ready={!!name.trim()}
          saveLabel={group ? t("menu.groups.save") : t("menu.groups.create")}
          deleteLabel={group ? t("menu.groups.delete") : undefined}
          onDelete={remove}
        />
      </form>
    </SidePanel>
  );
}
