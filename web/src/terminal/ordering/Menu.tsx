// The menu: categories as breadcrumbs, products as big buttons (86'd ones greyed with "86"),
// search, and the barcode scanner. One tap adds a plain product; a product with a size or
// modifier groups opens the chooser, and so does any product while "Special request" is on.

import { useEffect, useRef, useState } from "preact/hooks";
import {
  type AddItemBody,
  addItemBody,
  needsChoosing,
  nothingChosen,
  type Selection,
  type ShownLine,
  shownLine,
} from "../../shared/rules/modifiers";
import { Chooser } from "../chooser/Chooser";
import { useTerminal } from "../context";
import { Unreachable } from "../../shared/api/client";
import { productByBarcode } from "../../shared/api/products";
import { useLatest } from "../../shared/latest";
import { formatMoney, toCents } from "../../shared/money";
import type { Product } from "../../shared/types";
import { Button } from "../../shared/ui";
import { inWords } from "../problems";
import { ScanBuffer } from "./scanner";
import { childrenOf, type Menu as MenuState } from "./state";
import { t } from "../messages";

type Add = (body: AddItemBody, shown: ShownLine) => unknown;
type AddAsSeen = () => Add;

interface Choosing {
  product: Product;
  selection: Selection;
  add: Add;
}

export function Menu(props: { menu: MenuState; addAsSeen: AddAsSeen }) {
  const { api, locationId, currency } = useTerminal();
  const { menu } = props;
  const [error, setError] = useState<string | null>(null);
  const addAsSeen = useRef(props.addAsSeen);
  addAsSeen.current = props.addAsSeen;
  // The chooser's product, what it starts with, and the addition it will make (fixed when the
  // product was tapped).
  const [choosing, setChoosing] = useState<Choosing | null>(null);
  // The next product tapped opens the chooser even without options: for a special request.
  const [special, setSpecial] = useState(false);

  function offer(product: Product, add: Add) {
    const selection = nothingChosen(product.matchedVariantId ?? null);
    if (special || needsChoosing(product, selection)) {
      setChoosing({ product, selection, add });
      setSpecial(false);
    } else {
      add(addItemBody(product, selection), shownLine(product, selection));
    }
  }

  // The product whose choices are being read: shown busy, so a slow read invites no second tap.
  const [reading, setReading] = useState<string | null>(null);

  async function pick(summary: Product) {
    setError(null);
    const add = addAsSeen.current();
    setReading(summary.id);
    try {
      offer(await menu.detail(summary.id), add);
    } catch (failure) {
      setError(
        failure instanceof Unreachable ? t("terminal.menu.neverRead", { name: summary.name }) : inWords(failure),
      );
    } finally {
      setReading(null);
    }
  }

  const offered = useLatest(offer);
  useEffect(() => {
    const scanner = new ScanBuffer();
    const onKey = async (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, [role=dialog]")) return;
      const code = scanner.key(event.key, event.timeStamp);
      if (!code) return;
      const add = addAsSeen.current();
      try {
        offered.current(await productByBarcode(api, code, locationId), add);
      } catch (failure) {
        setError(t("terminal.menu.barcode", { code, problem: inWords(failure) }));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [api, locationId, addAsSeen, offered]);

  const here = menu.path.at(-1) ?? null;
  const inside = menu.search ? [] : childrenOf(menu.categories, here);
  return (
    <section class="menu" aria-label={t("terminal.menu")} data-kept={menu.kept ? "true" : undefined}>
      <div class="menu-head">
        <nav class="crumbs" aria-label={t("terminal.menu.path")}>
          <Button tone="quiet" onClick={() => menu.enter(null)}>
            {t("terminal.menu")}
          </Button>
          {menu.path.map((category, depth) => (
            <>
              <span aria-hidden="true">{t("terminal.menu.crumb")}</span>
              <Button key={category.id} tone="quiet" onClick={() => menu.up(depth + 1)}>
                {category.name}
              </Button>
            </>
          ))}
        </nav>
        <Button pressed={special} onClick={() => setSpecial(!special)} class="special">
          {t("terminal.menu.special")}
        </Button>
        <input
          type="search"
          class="search"
          placeholder={t("terminal.menu.searchOrScan")}
          aria-label={t("terminal.menu.search")}
          value={menu.search}
          onInput={(e) => menu.find(e.currentTarget.value)}
        />
      </div>
      {special && <p class="notice">{t("terminal.menu.specialHint")}</p>}
      {(error || menu.error) && (
        <p class="error" role="alert">
          {error ?? menu.error}
        </p>
      )}
      {inside.length > 0 && (
        <div class="categories" role="group" aria-label={t("terminal.menu.categories")}>
          {inside.map((category) => (
            <Button key={category.id} onClick={() => menu.enter(category)} label={category.name}>
              {category.name} <span aria-hidden="true">{t("terminal.menu.crumb")}</span>
            </Button>
          ))}
        </div>
      )}
      <div class="products" role="group" aria-label={t("terminal.menu.products")} aria-busy={menu.loading}>
        {menu.products.length === 0 && (
          <p class="hint">{menu.search ? t("terminal.menu.nothing") : t("terminal.menu.noProducts")}</p>
        )}
        {menu.products.map((product) => (
          <button
            key={product.id}
            type="button"
            class={`product ${product.is86d ? "is86d" : ""} ${reading === product.id ? "reading" : ""}`}
            disabled={product.is86d}
            aria-busy={reading === product.id}
            aria-label={product.is86d ? t("terminal.chooser.option86Label", { name: product.name }) : product.name}
            onClick={() => pick(product)}
          >
            <span class="product-name">{product.name}</span>
            <span class="product-price">
              {product.is86d ? t("terminal.topbar.86") : formatMoney(toCents(product.price), currency)}
            </span>
          </button>
        ))}
      </div>
      {choosing && (
        <Chooser
          product={choosing.product}
          selection={choosing.selection}
          onClose={() => setChoosing(null)}
          onAdd={(body, shown) => {
            setChoosing(null);
            choosing.add(body, shown);
          }}
        />
      )}
    </section>
  );
}
