// One product in a side panel: its fields and the modifier groups it offers (one save), then
// its variants (each added or removed at once). A new product stays open after it is created
// so its variants can follow.

import { useEffect, useState } from "preact/hooks";
import { Button } from "../../shared/ui";
import {
  addVariant,
  createProduct,
  deleteProduct,
  deleteVariant,
  getProduct,
  updateProduct,
  updateVariant,
} from "../../shared/api/products";
import type { Schemas } from "../../shared/api/client";
import { useLatest } from "../../shared/latest";
import { useBackOffice } from "../context";
import { allergenName, t } from "../messages";
import { CheckField, PanelActions, Problem, SelectField, SidePanel, TextField, useAction, useMoney } from "../parts";
import type { Allergen, ProductDetail, ProductType } from "../types";
import { withPercent } from "../../shared/totals";
import { ruleInWords } from "../../shared/rules/modifiers";
import {
  ALLERGENS,
  percentOf,
  prepSecondsFrom,
  prepText,
  priceFrom,
  taxRateFrom,
  wholeFrom,
  withAllergen,
} from "./fields";
import type { MenuData } from "./Menu";
import { TranslationsEditor } from "./Translations";
import { type TranslationsDraft, translationsBody, translationsDraft } from "./translations";

interface Draft {
  name: string;
  price: string;
  taxPercent: string;
  /** A named rate of the location; "" for the product's own percentage. */
  taxRateId: string;
  categoryId: string;
  sku: string;
  barcode: string;
  trackInventory: boolean;
  stock: string;
  lowStockThreshold: string;
  /** min:ss or seconds; "" for none. */
  prepTime: string;
  isActive: boolean;
  groupIds: string[];
  /** Its name and description in the other languages (the translations editor's). */
  translations: TranslationsDraft;
  /** On the menu guests see on their phones. */
  guestVisible: boolean;
  /** The allergens it contains, in the API's order. */
  allergens: Allergen[];
}

function draftOf(product: ProductDetail | null): Draft {
  return {
    name: product?.name ?? "",
    price: product ? product.price.toFixed(2) : "",
    taxPercent: product ? percentOf(product.taxRate) : "0",
    taxRateId: product?.taxRateId ?? "",
    categoryId: product?.categoryId ?? "",
    sku: product?.sku ?? "",
    barcode: product?.barcode ?? "",
    trackInventory: product?.trackInventory ?? false,
    stock: product?.stockQuantity != null ? String(product.stockQuantity) : "",
    lowStockThreshold: product?.lowStockThreshold != null ? String(product.lowStockThreshold) : "",
    prepTime: prepText(product?.prepSeconds),
    isActive: product?.isActive ?? true,
    groupIds: product?.modifierGroups.map((group) => group.id) ?? [],
    translations: translationsDraft(product?.translations),
    guestVisible: product?.guestVisible ?? false,
    allergens: product?.allergens ?? [],
  };
}

/** The request body for a draft, or the first problem with it in words. */
/** What a save sends: every field a create and an update share, the stock on a create, whether
 * it is on sale on an update. */
type ProductBody = Schemas["ProductUpdate"] & Pick<Schemas["ProductCreate"], "name" | "price" | "stockQuantity">;

function bodyOf(draft: Draft, creating: boolean): ProductBody | string {
  const price = priceFrom(draft.price);
  if (price === null) return t("menu.product.badPrice");
  const taxRate = draft.taxRateId ? null : taxRateFrom(draft.taxPercent);
  if (!draft.taxRateId && taxRate === null) return t("menu.product.badTax");
  const threshold = draft.lowStockThreshold.trim() ? wholeFrom(draft.lowStockThreshold) : null;
  if (draft.lowStockThreshold.trim() && threshold === null) return t("menu.product.badLowStock");
  const prepSeconds = draft.prepTime.trim() ? prepSecondsFrom(draft.prepTime) : null;
  if (draft.prepTime.trim() && prepSeconds === null) return t("menu.product.badPrep");
  const body: ProductBody = {
    name: draft.name.trim(),
    price,
    // A named rate sets the product's rate (the server's); its own percentage otherwise.
    ...(taxRate === null ? {} : { taxRate }),
    taxRateId: draft.taxRateId || null,
    categoryId: draft.categoryId || null,
    sku: draft.sku.trim() || null,
    barcode: draft.barcode.trim() || null,
    trackInventory: draft.trackInventory,
    lowStockThreshold: threshold,
    prepSeconds,
    modifierGroupIds: draft.groupIds,
    translations: translationsBody(draft.translations, true),
    guestVisible: draft.guestVisible,
    allergens: draft.allergens,
  };
  if (creating) {
    const stock = draft.stock.trim() ? wholeFrom(draft.stock) : null;
    if (draft.trackInventory && stock === null) return t("menu.product.badStock");
    if (draft.trackInventory) body.stockQuantity = stock;
  } else {
    body.isActive = draft.isActive;
  }
  return body;
}

export function ProductPanel(props: {
  productId: string | null;
  menu: MenuData;
  productType: ProductType;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { api, location } = useBackOffice();
  const [product, setProduct] = useState<ProductDetail | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [saved, setSaved] = useState(false);
  const loading = useAction();
  const saving = useAction();
  const [problem, setProblem] = useState<string | null>(null);

  const { productId } = props;
  const show = (found: ProductDetail) => {
    setProduct(found);
    setDraft(draftOf(found));
  };
  const reading = useLatest({ api, loading, show });
  useEffect(() => {
    const { api, loading, show } = reading.current;
    if (productId) loading.run(async () => show(await getProduct(api, productId)));
  }, [productId, reading]);

  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) => {
      setSaved(false);
      setDraft((current) => ({ ...current, [key]: value }));
    };
  const toggleGroup = (id: string, on: boolean) =>
    set("groupIds")(on ? [...draft.groupIds, id] : draft.groupIds.filter((found) => found !== id));
  const toggleAllergen = (code: Allergen, on: boolean) => set("allergens")(withAllergen(draft.allergens, code, on));

  async function save(event: Event) {
    event.preventDefault();
    const body = bodyOf(draft, product === null);
    setProblem(typeof body === "string" ? body : null);
    if (typeof body === "string") return;
    const done = await saving.run(async () =>
      show(
        product
          ? await updateProduct(api, product.id, body)
          : await createProduct(api, {
              ...body,
              productType: props.productType,
              locationId: location.id,
            }),
      ),
    );
    if (done) {
      setSaved(true);
      props.onChanged();
    }
  }

  async function remove() {
    if (product && (await saving.run(() => deleteProduct(api, product.id)))) {
      props.onChanged();
      props.onClose();
    }
  }

  const title = product
    ? t("menu.editNamed", { name: product.name })
    : props.productId
      ? t("menu.product.loading")
      : t("menu.products.new");
  return (
    <SidePanel title={title} onClose={props.onClose}>
      <Problem error={loading.error} />
      {(product || !props.productId) && (
        <form onSubmit={save}>
          <TextField label={t("menu.product.name")} value={draft.name} onInput={set("name")} required />
          <TranslationsEditor value={draft.translations} onChange={set("translations")} withDescription />
          <div class="field-row">
            <TextField
              label={t("menu.price")}
              value={draft.price}
              onInput={set("price")}
              inputMode="decimal"
              required
            />
            {!draft.taxRateId && (
              <TextField
                label={t("menu.product.taxPercent")}
                value={draft.taxPercent}
                onInput={set("taxPercent")}
                inputMode="decimal"
              />
            )}
          </div>
          {props.menu.taxRates.length > 0 && (
            <SelectField
              label={t("menu.products.tax")}
              value={draft.taxRateId}
              onChange={set("taxRateId")}
              options={[
                { value: "", label: t("menu.product.ownPercent") },
                ...props.menu.taxRates.map((rate) => ({ value: rate.id, label: withPercent(rate.name, rate.rate) })),
              ]}
            />
          )}
          <SelectField
            label={t("menu.category")}
            value={draft.categoryId}
            onChange={set("categoryId")}
            options={[
              { value: "", label: t("menu.product.noCategory") },
              ...props.menu.categories.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <div class="field-row">
            <TextField label={t("menu.product.sku")} value={draft.sku} onInput={set("sku")} />
            <TextField label={t("menu.product.barcode")} value={draft.barcode} onInput={set("barcode")} />
          </div>
          <TextField
            label={t("menu.product.prep")}
            value={draft.prepTime}
            onInput={set("prepTime")}
            placeholder="4:30"
          />
          <CheckField label={t("menu.product.track")} checked={draft.trackInventory} onChange={set("trackInventory")} />
          {draft.trackInventory && (
            <div class="field-row">
              {!product && (
                <TextField
                  label={t("menu.product.stockNow")}
                  value={draft.stock}
                  onInput={set("stock")}
                  inputMode="numeric"
                />
              )}
              <TextField
                label={t("menu.product.lowStock")}
                value={draft.lowStockThreshold}
                onInput={set("lowStockThreshold")}
                inputMode="numeric"
              />
            </div>
          )}
          {product && <CheckField label={t("menu.onSale")} checked={draft.isActive} onChange={set("isActive")} />}
          <CheckField
            label={t("menu.product.guestVisible")}
            checked={draft.guestVisible}
            onChange={set("guestVisible")}
          />
          <fieldset class="group">
            <legend>{t("menu.product.allergens")}</legend>
            <div class="allergen-grid">
              {ALLERGENS.map((code) => (
                <CheckField
                  key={code}
                  label={allergenName(code)}
                  checked={draft.allergens.includes(code)}
                  onChange={(on) => toggleAllergen(code, on)}
                />
              ))}
            </div>
          </fieldset>
          <fieldset class="group">
            <legend>{t("menu.product.groups")}</legend>
            {props.menu.groups.length === 0 && <p class="hint">{t("menu.product.noGroups")}</p>}
            {props.menu.groups.map((group) => (
              <CheckField
                key={group.id}
                label={t("menu.product.group", { name: group.name, rule: ruleInWords(group) })}
                checked={draft.groupIds.includes(group.id)}
                onChange={(on) => toggleGroup(group.id, on)}
              />
            ))}
          </fieldset>
          <Problem error={problem} />
          <Problem error={saving.error} />
          {saved && (
            <p class="done" role="status">
              {t("menu.saved")}
            </p>
          )}
          <PanelActions
            busy={saving.busy}
            ready={!!draft.name.trim()}
            saveLabel={product ? t("menu.product.save") : t("menu.product.create")}
            deleteLabel={product ? t("menu.product.delete") : undefined}
            onDelete={remove}
          />
        </form>
      )}
      {product && <Variants product={product} onChanged={show} />}
    </SidePanel>
  );
}

function Variants(props: { product: ProductDetail; onChanged: (product: ProductDetail) => void }) {
  const { api } = useBackOffice();
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const changing = useAction();
  const reload = async () => props.onChanged(await getProduct(api, props.product.id));
  const live = props.product.variants.filter((variant) => variant.isActive !== false);

  async function add(event: Event) {
    event.preventDefault();
    const amount = priceFrom(price);
    setProblem(amount === null ? t("menu.variants.badPrice") : null);
    if (amount === null) return;
    const done = await changing.run(async () => {
      await addVariant(api, props.product.id, { name: name.trim(), price: amount });
      await reload();
    });
    if (done) {
      setName("");
      setPrice("");
    }
  }

  return (
    <section class="variants" aria-label={t("menu.variants.region")}>
      <h3>{t("menu.variants.title")}</h3>
      <p class="hint">{t("menu.variants.hint")}</p>
      {live.length > 0 && (
        <ul class="plain-list">
          {live.map((variant) => (
            <VariantRow key={variant.id} productId={props.product.id} variant={variant} onChanged={reload} />
          ))}
        </ul>
      )}
      <form onSubmit={add}>
        <div class="field-row">
          <TextField label={t("menu.variants.name")} value={name} onInput={setName} required />
          <TextField label={t("menu.variants.price")} value={price} onInput={setPrice} inputMode="decimal" required />
        </div>
        <Button type="submit" disabled={changing.busy || !name.trim()}>
          {t("menu.variants.add")}
        </Button>
      </form>
      <Problem error={problem} />
      <Problem error={changing.error} />
    </section>
  );
}

/** One variant: its name and price, the price changed in place, or removed. */
function VariantRow(props: {
  productId: string;
  variant: ProductDetail["variants"][number];
  onChanged: () => Promise<void>;
}) {
  const { api } = useBackOffice();
  const money = useMoney();
  const { variant } = props;
  const [price, setPrice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const changing = useAction();

  async function savePrice(event: Event) {
    event.preventDefault();
    const amount = priceFrom(price ?? "");
    setProblem(amount === null ? t("menu.variants.badNewPrice") : null);
    if (
      amount !== null &&
      (await changing.run(async () => {
        await updateVariant(api, props.productId, variant.id, { price: amount });
        await props.onChanged();
      }))
    ) {
      setPrice(null);
    }
  }

  return (
    <li>
      <span>{variant.name}</span>
      {price === null ? (
        <>
          <span>{money(variant.price)}</span>
          <Button
            label={t("menu.variants.changePrice", { name: variant.name })}
            onClick={() => setPrice(variant.price.toFixed(2))}
          >
            {t("menu.variants.priceButton")}
          </Button>
        </>
      ) : (
        <form class="inline-form" onSubmit={savePrice}>
          <input
            aria-label={t("menu.variants.newPrice", { name: variant.name })}
            value={price}
            inputMode="decimal"
            onInput={(event) => setPrice(event.currentTarget.value)}
          />
          <Button type="submit" disabled={changing.busy} label={t("menu.variants.savePrice", { name: variant.name })}>
            {t("menu.save")}
          </Button>
        </form>
      )}
      <Button
        tone="danger"
        label={t("menu.variants.remove", { name: variant.name })}
        disabled={changing.busy}
        onClick={() =>
          changing.run(async () => {
            await deleteVariant(api, props.productId, variant.id);
            await props.onChanged();
          })
        }
      >
        {t("menu.remove")}
      </Button>
      <Problem error={problem ?? changing.error} />
    </li>
  );
}
