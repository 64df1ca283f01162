// Every word a screen shows comes from a message catalogue (ICU messages, FormatJS), in the
// language its staff member or its location reads; money, numbers and dates follow that
// language's conventions through Intl (docs/design.md, "Languages"; docs/decisions.md).
//
// Each part of the screens (shared/, kitchen/, ...) keeps its catalogues in its messages/
// folder, one JSON file a language, and makes its own typed `t` with `catalogue()`: English is
// in the bundle (the words before any other loads, and what a missing word falls back to), each
// other language is a chunk of its own, loaded only when a screen switches to it.

import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

/** The languages a location or a staff member may choose; `ar` reads right to left. */
export const LANGUAGES = ["en", "de", "fr", "es", "it", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
const RIGHT_TO_LEFT = new Set<string>(["ar"]);
/** Whether `language` reads right to left (Arabic). */
export const readsRightToLeft = (language: string): boolean => RIGHT_TO_LEFT.has(language);
/** The pseudo-locale (every word accented, its vowels doubled, and bracketed), made from the
 * English catalogues at build time (vite.config.ts): open any screen with `?language=en-XA` to
 * see a word that skips the catalogues or no longer fits. */
export const PSEUDO = "en-XA";

type Message = string | MessageFormatElement[];
export type Messages = Record<string, Message>;
type Loaders = Record<string, () => Promise<Messages>>;
type Values = Record<string, string | number | boolean | Date | null | undefined>;
type Tag = (chunks: ComponentChildren[]) => ComponentChildren;

interface Part {
  english: Messages;
  // Each other language's catalogue by its file ("./messages/de.json").
  others: Loaders;
}

const parts: Part[] = [];
let shown: string = "en";
let writing = "en";
// The language shown's messages of every part, by scoped id, over the English ones.
let messages: Messages = {};
// Each message made ready once per language shown (IntlMessageFormat reads its AST then).
let formatters = new Map<string, IntlMessageFormat>();

/** Each part's messages under ids of their own: two parts may use the same id ("loading"). */
function scoped(part: number, messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [`${part}:${id}`, message]));
}

function show(language: string, translated: Messages): void {
  const english = Object.assign({}, ...parts.map((part, n) => scoped(n, part.english))) as Messages;
  writing = language === PSEUDO ? "en" : language;
  // English words and a pseudo-locale's parsed ones mix: each message is read on its own.
  messages = { ...english, ...translated };
  formatters = new Map();
}

/** The message `id` in the language shown, with `values` in it. A message missing from a
 * catalogue is caught by its completeness test (shared/i18n.test.ts); at run time the English
 * one shows, and a message that cannot be written shows its id rather than breaking a screen. */
function format(id: string, values?: Record<string, unknown>): unknown {
  let formatter = formatters.get(id);
  if (formatter === undefined) {
    const message = messages[id];
    if (message === undefined) return id;
    // Most messages are words alone: no formatter for them.
    if (typeof message !== "string" && message.length === 1 && message[0].type === 0) return message[0].value;
    formatter = new IntlMessageFormat(message, writing);
    formatters.set(id, formatter);
  }
  try {
    return formatter.format(values as Record<string, string>);
  } catch {
    return id;
  }
}

/** A part's catalogues, and its `t`: a message of that part in the language shown; with
 * `rich`, a message whose tags (`<code>…</code>`) are drawn by the functions given. */
export function catalogue<English extends Messages>(english: English, others: Loaders) {
  const part = parts.push({ english, others }) - 1;
  show(shown, {});
  type Id = keyof English & string;
  const t = (id: Id, values?: Values): string => String(format(`${part}:${id}`, values));
  // The tags' elements come back among the words.
  const rich = (id: Id, values: Record<string, string | number | Tag>): ComponentChildren =>
    format(`${part}:${id}`, values) as ComponentChildren;
  return { t, rich };
}

/** The language a screen reads: the pseudo-locale when the address asks for it, else the
 * chosen one if it is known, else English. */
export function languageFor(chosen: string | null | undefined, address = window.location.search): string {
  const asked = new URLSearchParams(address).get("language");
  if (asked === PSEUDO) return PSEUDO;
  return chosen && (LANGUAGES as readonly string[]).includes(chosen) ? chosen : "en";
}

/** Shows `language` from now on: every part's catalogue loaded, the page's `lang` and `dir` set.
 * Resolves once the words are ready (the caller renders again then). */
export async function switchLanguage(language: string): Promise<void> {
  if (language === shown) return;
  const file = `./messages/${language}.json`;
  const loaded = await Promise.all(parts.map(async (part, n) => scoped(n, (await part.others[file]?.()) ?? {})));
  show(language, Object.assign({}, ...loaded) as Messages);
  shown = language;
  if (typeof document === "undefined") return; // Vitest's, on Node
  document.documentElement.lang = language === PSEUDO ? "en" : language;
  document.documentElement.dir = RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}

/** The screen's language: switched to when the answer that chooses it (a location's, a staff
 * member's) arrives or changes; the screen renders again once its words are loaded. */
export function useLanguage(chosen: string | null | undefined): string {
  const wanted = languageFor(chosen);
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    let current = true;
    switchLanguage(wanted).then(() => {
      if (current) setReady(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted]);
  // Once the screen has drawn its words in the language (the pseudo-locale's too, whose lang is
  // "en"): what a test waits for before it reads them.
  useEffect(() => {
    document.documentElement.dataset.language = ready;
  }, [ready]);
  return ready;
}

/** The language an answer chose (a location's, or a staff member's own), if it names one. */
export function chosenLanguage(answer: object | null | undefined): string | null {
  const language = answer && "language" in answer ? answer.language : null;
  return typeof language === "string" ? language : null;
}

/** The locale money, numbers and dates are written in (the pseudo-locale's are English). */
export function locale(): string {
  return writing;
}
