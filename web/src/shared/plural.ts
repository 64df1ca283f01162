// A count and its noun, in the one place the screens make plurals: "1 guest", "2 guests",
// "0 guests". Each noun is one entry of forms keyed by the plural category the count falls in
// (Intl.PluralRules: "one", "other", ...), as an ICU message's plural branches are: the
// catalogues of issue 54 replace NOUNS' English forms with a message per language, and these
// two functions with the catalogue's, the callers unchanged.

/** A noun's forms by plural category; "other" is the fallback every language has. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const ENGLISH = new Intl.PluralRules("en-US");

/** The form of `forms` a count of `count` takes: "guest" for 1, "guests" for 0, 2 or 0.5. */
export function plural(count: number, forms: PluralForms): string {
  return forms[ENGLISH.select(count)] ?? forms.other;
}

/** The count and its noun: "1 guest", "3 guests". */
export function countOf(count: number, forms: PluralForms): string {
  return `${count} ${plural(count, forms)}`;
}

/** The nouns the screens count, each with its forms. */
export const NOUNS = {
  guest: { one: "guest", other: "guests" },
  check: { one: "check", other: "checks" },
  item: { one: "item", other: "items" },
  unsentItem: { one: "unsent item", other: "unsent items" },
  change: { one: "change", other: "changes" },
  minute: { one: "minute", other: "minutes" },
  way: { one: "way", other: "ways" },
  /** The verb after a count of things not done: "1 Latte wasn't added", "2 Fries weren't". */
  wasNot: { one: "wasn't", other: "weren't" },
} satisfies Record<string, PluralForms>;
