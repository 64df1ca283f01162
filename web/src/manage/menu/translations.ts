// A menu record's names (and descriptions) in the other languages, as the translations editor
// holds them and as a create or update sends them (docs/design.md §26): the whole map each
// time, a language with no name left out.

import { LANGUAGES, type Language } from "../../shared/i18n";

/** A record's translations as the API answers them: `{}` for none. */
export type Answered = Record<string, { name: string; description?: string | null }>;

/** One language's fields as typed: "" for none. */
export interface Typed {
  name: string;
  description: string;
}
export type TranslationsDraft = Partial<Record<Language, Typed>>;

/** What the create or update sends: `{ de: { name, description } }`; `{}` removes them all. */
export type TranslationsBody = Record<string, { name: string; description?: string | null }>;

/** The languages a manager translates into: every one but the location's own (its names'). */
export function otherLanguages(base: string): Language[] {
  return LANGUAGES.filter((language) => language !== base);
}

/** The editor's fields for what the API answered. */
export function translationsDraft(answered: Answered | null | undefined): TranslationsDraft {
  const draft: TranslationsDraft = {};
  for (const language of LANGUAGES) {
    const found = answered?.[language];
    if (found) draft[language] = { name: found.name, description: found.description ?? "" };
  }
  return draft;
}

/** The map a save sends: each language with a name, trimmed; its description when the record
 * has them (null when blank). A language whose name is blank is no translation. */
export function translationsBody(draft: TranslationsDraft, withDescription: boolean): TranslationsBody {
  const body: TranslationsBody = {};
  for (const language of LANGUAGES) {
    const typed = draft[language];
    const name = typed?.name.trim() ?? "";
    if (!typed || !name) continue;
    body[language] = withDescription ? { name, description: typed.description.trim() || null } : { name };
  }
  return body;
}

/** How many of `languages` have a name. */
export const translatedCount = (draft: TranslationsDraft, languages: readonly Language[] = LANGUAGES): number =>
  languages.filter((language) => draft[language]?.name.trim()).length;

/** A language's name in that language, as its speakers read it: "Deutsch", "Français",
 * "العربية". */
export function ownName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: "language" }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}
