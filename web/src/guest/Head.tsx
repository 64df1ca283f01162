// The top of the phone's pages (the table's and the restaurant's ordering page): where the guest
// is, the guest's own choice of language (kept for the tab in sessionStorage, each language
// named in its own words), and whether the server can be reached.

import { useState } from "preact/hooks";
import { LANGUAGES, type Language } from "../shared/i18n";
import { t } from "./messages";

const PICKED_LANGUAGE = "brigade.guest.language";
// Each language by its own name, the same whichever language the page shows.
const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  ar: "العربية",
};

/** The language the guest picked on this tab (null: none yet), and how to pick one. */
export function usePickedLanguage(): [string | null, (language: string) => void] {
  const [picked, setPicked] = useState<string | null>(() => window.sessionStorage.getItem(PICKED_LANGUAGE));
  const pick = (language: string) => {
    window.sessionStorage.setItem(PICKED_LANGUAGE, language);
    setPicked(language);
  };
  return [picked, pick];
}

export function LanguagePicker(props: { language: string; onPick: (language: string) => void }) {
  return (
    <label class="guest-language">
      <span>{t("guest.language")}</span>
      <select value={props.language} onChange={(event) => props.onPick(event.currentTarget.value)}>
        {LANGUAGES.map((each) => (
          <option key={each} value={each} lang={each}>
            {LANGUAGE_NAMES[each]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The page's head: `title` (the restaurant), `where` under it (the table, "Order for pickup"),
 * the language picker, and a line while the server cannot be reached. */
export function GuestHead(props: {
  title: string;
  where: string | null;
  language: string;
  onPick: (language: string) => void;
  online: boolean;
}) {
  return (
    <>
      <header class="guest-head">
        <div class="guest-where">
          <h1>{props.title}</h1>
          {props.where && <p>{props.where}</p>}
        </div>
        <LanguagePicker language={props.language} onPick={props.onPick} />
      </header>
      {!props.online && (
        <p class="guest-offline" role="status">
          {t("guest.offline")}
        </p>
      )}
    </>
  );
}
