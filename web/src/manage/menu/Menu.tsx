// The menu editor: categories, products (with variants and the groups they offer), modifier
// groups, and the 86 board with stock. The categories and groups, which every part reads, are
// loaded here once.

import { useState } from "preact/hooks";
import { listCategories, listModifierGroups } from "../../shared/api/categories";
import { listTaxRates } from "../../shared/api/pricing";
import type { TaxRate } from "../../shared/types";
import { Button } from "../../shared/ui";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { Problem, useLoaded } from "../parts";
import type { Category, ModifierGroupRecord } from "../types";
import { Categories } from "./Categories";
import { ModifierGroups } from "./ModifierGroups";
import { Products } from "./Products";
import { Stock } from "./Stock";

const PARTS = ["categories", "products", "groups", "stock"] as const;
type Part = (typeof PARTS)[number];

export interface MenuData {
  categories: Category[];
  groups: ModifierGroupRecord[];
  /** The location's named tax rates (Taxes & charges): a product may name one. */
  taxRates: TaxRate[];
  reloadCategories: () => void;
  reloadGroups: () => void;
}

export function Menu() {
  const { api, location } = useBackOffice();
  const [part, setPart] = useState<Part>("categories");
  const categories = useLoaded(
    () => listCategories(api, { locationId: location.id, includeInactive: true }),
    [location.id],
  );
  const groups = useLoaded(() => listModifierGroups(api, { locationId: location.id, limit: 100 }), [location.id]);
  const taxRates = useLoaded(() => listTaxRates(api, { locationId: location.id, limit: 100 }), [location.id]);
  const menu: MenuData | null =
    categories.data && groups.data && taxRates.data
      ? {
          categories: categories.data.data,
          groups: groups.data.data,
          taxRates: taxRates.data.data,
          reloadCategories: categories.reload,
          reloadGroups: groups.reload,
        }
      : null;
  return (
    <section class="section" aria-labelledby="menu-title">
      <header class="section-head">
        <h1 id="menu-title">{t("section.menu")}</h1>
        <div class="toolbar" role="group" aria-label={t("menu.parts")}>
          {PARTS.map((name) => (
            <Button key={name} pressed={part === name} onClick={() => setPart(name)}>
              {t(`menu.part.${name}`)}
            </Button>
          ))}
        </div>
      </header>
      <Problem error={categories.error ?? groups.error ?? taxRates.error} />
      {!menu ? (
        <p>{t("menu.loading")}</p>
      ) : part === "categories" ? (
        <Categories menu={menu} />
      ) : part === "products" ? (
        <Products menu={menu} />
      ) : part === "groups" ? (
        <ModifierGroups menu={menu} />
      ) : (
        <Stock />
      )}
    </section>
  );
}
