import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES, PSEUDO, languageFor, switchLanguage } from "./i18n";
import { formatMoney } from "./money";
import { t } from "./messages";

// Every part's catalogues (shared/, kitchen/, ...), by part and language; the pseudo-locale's
// are made at build time from the English ones.
const files = import.meta.glob<Record<string, string>>(["/src/*/messages/*.json", "!/src/*/messages/en-XA.json"], {
  import: "default",
  eager: true,
});
const parts = new Map<string, Map<string, Record<string, string>>>();
for (const [file, messages] of Object.entries(files)) {
  const [, part, language] = /^\/src\/([^/]+)\/messages\/([^/]+)\.json$/.exec(file)!;
  if (!parts.has(part)) parts.set(part, new Map());
  parts.get(part)!.set(language, messages);
}

/** A message's arguments ("{count}", "{name}"), with each plural's and select's cases. */
function argumentsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.literal || element.type === TYPE.pound) return [];
    if (element.type === TYPE.tag) return [`<${element.value}>`, ...argumentsOf(element.children)];
    const name = [`${element.type}:${element.value}`];
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const cases = Object.entries(element.options).flatMap(([key, option]) =>
        element.type === TYPE.select || key === "other"
          ? [key, ...argumentsOf(option.value)]
          : argumentsOf(option.value),
      );
      return [...name, ...cases];
    }
    return name;
  });
}

describe("the message catalogues", () => {
  it("are found for the parts that have words", () => {
    expect([...parts.keys()]).toContain("shared");
  });

  for (const [part, languages] of parts) {
    const english = languages.get("en")!;
    it(`${part}: every language has every English word, and no other`, () => {
      expect([...languages.keys()].sort()).toEqual([...LANGUAGES].sort());
      for (const language of LANGUAGES) {
        expect(Object.keys(languages.get(language)!).sort(), language).toEqual(Object.keys(english).sort());
      }
    });

    it(`${part}: every message is ICU, not empty, with the English one's arguments`, () => {
      for (const [language, messages] of languages) {
        for (const [id, message] of Object.entries(messages)) {
          const where = `${part} ${language} ${id}`;
          expect(message.trim(), where).not.toBe("");
          // A plural's cases differ by language (Arabic has six); its arguments and its
          // "other" case do not.
          expect(new Set(argumentsOf(parse(message))), where).toEqual(new Set(argumentsOf(parse(english[id]))));
        }
      }
    });
  }
});

describe("the language shown", () => {
  it("is the chosen one if known, the pseudo-locale when the address asks, else English", () => {
    expect(languageFor("de", "")).toBe("de");
    expect(languageFor("xx", "")).toBe("en");
    expect(languageFor(null, "")).toBe("en");
    expect(languageFor("de", `?language=${PSEUDO}`)).toBe(PSEUDO);
  });

  it("writes words and money in its language", async () => {
    await switchLanguage("de");
    expect(t("problem.unreachable")).toBe("Der Server ist nicht erreichbar.");
    expect(formatMoney(450, "EUR")).toMatch(/^4,50\s€$/u);
    await switchLanguage("ar");
    expect(t("problem.unreachable")).toBe("لا يمكن الوصول إلى الخادم.");
    await switchLanguage("en");
    expect(t("problem.unreachable")).toBe("The server cannot be reached.");
    expect(formatMoney(450, "EUR")).toBe("€4.50");
  });
});
