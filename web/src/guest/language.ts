// The language of the guests' phone (docs/design.md §28): the one the guest picked, else the
// phone's own if the screens speak it, else the restaurant's.

import { LANGUAGES, type Language } from "../shared/i18n";

const known = (language: string | null | undefined): Language | null => {
  const primary = (language ?? "").toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
};

/** `picked` on the page's picker, else the first of the phone's `phone` languages (de-AT is
 * German) the screens have, else `restaurant`'s, else English. */
export function guestLanguage(
  picked: string | null,
  phone: readonly string[],
  restaurant: string | null | undefined,
): Language {
  return known(picked) ?? phone.map(known).find((language) => language !== null) ?? known(restaurant) ?? "en";
}

/** The languages the phone asks for, most wanted first. */
export function phoneLanguages(): string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}
