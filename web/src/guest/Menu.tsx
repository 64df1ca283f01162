// The menu on the phone: its sections in order, each product with its photo (lazy), name,
// description, price, allergens in words and whether it is sold out. Where guests order, a
// product not sold out is one button that opens its sheet.

import type { Schemas } from "../shared/api/client";
import { locale } from "../shared/i18n";
import { formatMoney, toCents } from "../shared/money";
import type { GuestProduct } from "./choice";
import { t } from "./messages";

export type GuestMenu = Schemas["GuestMenuOut"];
type Allergen = Schemas["Allergen"];

// The photo's box, kept before it loads so nothing below it jumps.
const PHOTO_SIZE = 88;

/** Words as a list the language shown writes: "Gluten, Eggs, Milk", "Gluten, Eier und Milch",
 * "الغلوتين، والبيض". */
export function listOf(words: readonly string[]): string {
  return new Intl.ListFormat(locale(), { style: "short", type: "unit" }).format(words);
}

/** The allergens in words, in the language shown: "Contains: Gluten, Milk". */
export function allergensInWords(allergens: readonly Allergen[]): string | null {
  if (allergens.length === 0) return null;
  return t("menu.contains", { allergens: listOf(allergens.map((code) => t(`allergen.${code}` as const))) });
}

const sectionId = (place: number) => `section-${place}`;

/** What the menu says when it cannot be ordered from here, and when it is empty: the table's
 * words unless the page has its own. */
export interface MenuNotices {
  browseOnly: string;
  empty: string;
}

export function Menu(props: {
  menu: GuestMenu | null;
  ordering: boolean;
  onChoose: (product: GuestProduct) => void;
  notices?: MenuNotices;
}) {
  const { menu, ordering } = props;
  const notices = props.notices ?? { browseOnly: t("menu.browseOnly"), empty: t("menu.empty") };
  if (!menu)
    return (
      <p class="guest-loading" role="status">
        {t("guest.loading")}
      </p>
    );
  const sections = menu.sections.filter((section) => section.products.length > 0);
  if (sections.length === 0) return <p class="hint">{notices.empty}</p>;
  return (
    <>
      {!ordering && <p class="notice">{notices.browseOnly}</p>}
      {sections.length > 1 && (
        <nav class="guest-sections" aria-label={t("menu.sections")}>
          {sections.map((section, place) => (
            <a key={place} href={`#${sectionId(place)}`}>
              {section.name ?? t("menu.other")}
            </a>
          ))}
        </nav>
      )}
      {sections.map((section, place) => (
        <section key={place} class="guest-section" aria-labelledby={sectionId(place)}>
          <h2 id={sectionId(place)}>{section.name ?? t("menu.other")}</h2>
          {section.description && <p class="hint">{section.description}</p>}
          <ul class="guest-products">
            {section.products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  currency={menu.currency}
                  onChoose={ordering && !product.soldOut ? () => props.onChoose(product) : null}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function ProductCard(props: { product: GuestProduct; currency: string; onChoose: (() => void) | null }) {
  const { product } = props;
  const allergens = allergensInWords(product.allergens);
  const content = (
    <>
      <span class="guest-product-text">
        <span class="guest-product-name">{product.name}</span>
        {product.description && <span class="guest-product-description">{product.description}</span>}
        {allergens && <span class="guest-product-allergens">{allergens}</span>}
        <span class="guest-product-price">
          {formatMoney(toCents(product.price), props.currency)}
          {product.soldOut && <span class="guest-chip guest-chip-red">{t("menu.soldOut")}</span>}
        </span>
      </span>
      {product.imageUrl && (
        <img
          class="guest-product-photo"
          src={product.imageUrl}
          alt={t("menu.photo", { name: product.name })}
          loading="lazy"
          decoding="async"
          width={PHOTO_SIZE}
          height={PHOTO_SIZE}
        />
      )}
    </>
  );
  if (!props.onChoose) return <div class={`guest-product ${product.soldOut ? "sold-out" : ""}`}>{content}</div>;
  return (
    <button type="button" class="guest-product" onClick={props.onChoose}>
      {content}
    </button>
  );
}
