import { describe, expect, it } from "vitest";
import { otherLanguages, ownName, translatedCount, translationsBody, translationsDraft } from "./translations";

describe("the translations editor's map", () => {
  it("offers every language but the location's own", () => {
    expect(otherLanguages("en")).toEqual(["de", "fr", "es", "it", "ar"]);
    expect(otherLanguages("de")).toEqual(["en", "fr", "es", "it", "ar"]);
  });

  it("reads what the API answered into fields, blank for none", () => {
    expect(translationsDraft({})).toEqual({});
    expect(translationsDraft(undefined)).toEqual({});
    expect(translationsDraft({ de: { name: "Apfelsaft", description: null }, xx: { name: "?" } })).toEqual({
      de: { name: "Apfelsaft", description: "" },
    });
  });

  it("sends each language with a name, trimmed, and leaves the blank ones out", () => {
    const draft = {
      de: { name: " Apfelsaft ", description: " Frisch gepresst " },
      fr: { name: "  ", description: "Pressé" },
      ar: { name: "عصير تفاح", description: "" },
    };
    expect(translationsBody(draft, true)).toEqual({
      de: { name: "Apfelsaft", description: "Frisch gepresst" },
      ar: { name: "عصير تفاح", description: null },
    });
    // A modifier group has names only.
    expect(translationsBody(draft, false)).toEqual({ de: { name: "Apfelsaft" }, ar: { name: "عصير تفاح" } });
    // Every name cleared: {} removes them all.
    expect(translationsBody({ de: { name: "", description: "" } }, true)).toEqual({});
    expect(translatedCount(draft)).toBe(2);
    expect(translatedCount(draft, ["de", "fr"])).toBe(1);
  });

  it("names each language in that language", () => {
    expect(ownName("de")).toBe("Deutsch");
    expect(ownName("fr")).toBe("Français");
    expect(ownName("es")).toBe("Español");
    expect(ownName("it")).toBe("Italiano");
    expect(ownName("en")).toBe("English");
    expect(ownName("ar")).toBe("العربية");
  });
});
