// The translations editor of a product, a category or a modifier group: a disclosure with a
// row for each of the location's other languages, the language's own name beside the name
// (and description) typed in it, written in its direction (docs/design.md §26). A blank name
// is no translation; the panel's save sends the whole map.

import { readsRightToLeft } from "../../shared/i18n";
import { useBackOffice } from "../context";
import { t } from "../messages";
import { otherLanguages, ownName, translatedCount, type Typed, type TranslationsDraft } from "./translations";
import "./menu.css";

export function TranslationsEditor(props: {
  value: TranslationsDraft;
  onChange: (draft: TranslationsDraft) => void;
  /** Products and categories have a description; modifier groups have none. */
  withDescription: boolean;
}) {
  const { location } = useBackOffice();
  const languages = otherLanguages(location.language);
  const set = (language: (typeof languages)[number], key: keyof Typed, text: string) =>
    props.onChange({
      ...props.value,
      [language]: { ...(props.value[language] ?? { name: "", description: "" }), [key]: text },
    });
  return (
    <details class="group translations">
      <summary>
        {t("menu.translations.title", { count: translatedCount(props.value, languages), total: languages.length })}
      </summary>
      <p class="hint">{t("menu.translations.hint")}</p>
      {languages.map((language) => {
        const own = ownName(language);
        const typed = props.value[language] ?? { name: "", description: "" };
        const direction = readsRightToLeft(language) ? "rtl" : "ltr";
        return (
          <div key={language} class="translation-row">
            <span class="translation-language" lang={language} dir={direction}>
              {own}
            </span>
            <div class="translation-fields">
              <input
                lang={language}
                dir={direction}
                value={typed.name}
                maxLength={200}
                autocomplete="off"
                aria-label={t("menu.translations.name", { language: own })}
                placeholder={t("menu.name")}
                onInput={(event) => set(language, "name", event.currentTarget.value)}
              />
              {props.withDescription && (
                <textarea
                  lang={language}
                  dir={direction}
                  rows={2}
                  value={typed.description}
                  aria-label={t("menu.translations.description", { language: own })}
                  placeholder={t("menu.translations.descriptionPlaceholder")}
                  onInput={(event) => set(language, "description", event.currentTarget.value)}
                />
              )}
            </div>
          </div>
        );
      })}
    </details>
  );
}
