import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { switchLanguage } from "../../shared/i18n";
import { ruleInWords } from "../../shared/rules/modifiers";
import {
  ALLERGENS,
  percentOf,
  percentShown,
  prepSecondsFrom,
  prepText,
  priceFrom,
  taxRateFrom,
  wholeFrom,
  withAllergen,
} from "./fields";
import { allergenName } from "../messages";

const openapi = JSON.parse(readFileSync(new URL("../../../openapi.json", import.meta.url), "utf8"));

describe("the menu editor's fields", () => {
  it("reads prices as the API's numbers", () => {
    expect(priceFrom("12.5")).toBe(12.5);
    expect(priceFrom(" 12.50 ")).toBe(12.5);
    expect(priceFrom("0")).toBe(0);
    expect(priceFrom("12.505")).toBeNull();
    expect(priceFrom("-3")).toBeNull();
    expect(priceFrom("")).toBeNull();
  });

  it("turns a tax percentage into a rate and back without float drift", () => {
    expect(taxRateFrom("8.875")).toBe(0.08875);
    expect(taxRateFrom("10")).toBe(0.1);
    expect(taxRateFrom("0")).toBe(0);
    expect(taxRateFrom("100")).toBe(1);
    expect(taxRateFrom("100.5")).toBeNull();
    expect(taxRateFrom("8.8755")).toBeNull();
    expect(taxRateFrom("abc")).toBeNull();
    expect(percentOf(0.08875)).toBe("8.875");
    expect(percentOf(0.1)).toBe("10");
    expect(percentOf(0.07)).toBe("7");
  });

  it("reads whole numbers only", () => {
    expect(wholeFrom("4")).toBe(4);
    expect(wholeFrom("4.5")).toBeNull();
    expect(wholeFrom("")).toBeNull();
  });

  it("reads a prep time as min:ss or seconds and shows it as min:ss", () => {
    expect(prepSecondsFrom("4:30")).toBe(270);
    expect(prepSecondsFrom(" 270 ")).toBe(270);
    expect(prepSecondsFrom("0:05")).toBe(5);
    expect(prepSecondsFrom("4:75")).toBeNull();
    expect(prepSecondsFrom("4.5")).toBeNull();
    expect(prepSecondsFrom("1441:00")).toBeNull();
    expect(prepSecondsFrom("")).toBeNull();
    expect(prepText(270)).toBe("4:30");
    expect(prepText(5)).toBe("0:05");
    expect(prepText(null)).toBe("");
  });

  it("reads a decimal comma as German, French, Spanish and Italian write it", () => {
    expect(priceFrom("12,50")).toBe(12.5);
    expect(taxRateFrom("8,875")).toBe(0.08875);
    expect(priceFrom("1,000.50")).toBeNull();
    expect(priceFrom("12,505")).toBeNull();
  });

  it("writes a rate's percentage and a group's rule in the language shown", async () => {
    expect(percentShown(0.08875)).toBe("8.875");
    expect(ruleInWords({ minSelections: 0, maxSelections: null })).toBe("Optional");
    expect(ruleInWords({ minSelections: 2, maxSelections: null })).toBe("At least 2");
    expect(ruleInWords({ minSelections: 1, maxSelections: 1 })).toBe("Choose 1");
    expect(ruleInWords({ minSelections: 0, maxSelections: 3 })).toBe("Up to 3");
    expect(ruleInWords({ minSelections: 1, maxSelections: 3 })).toBe("Choose 1 to 3");
    await switchLanguage("de");
    try {
      expect(percentShown(0.08875)).toBe("8,875");
      expect(ruleInWords({ minSelections: 1, maxSelections: 1 })).toBe("1 wählen");
    } finally {
      await switchLanguage("en");
    }
  });

  it("offers the API's allergens, in its order, each with a name of its own", () => {
    expect([...ALLERGENS]).toEqual(openapi.components.schemas.Allergen.enum);
    const names = ALLERGENS.map(allergenName);
    expect(new Set(names).size).toBe(ALLERGENS.length);
    expect(names[0]).toBe("Gluten");
  });

  it("ticks allergens on and off, keeping each once in the Annex's order", () => {
    expect(withAllergen([], "MILK", true)).toEqual(["MILK"]);
    expect(withAllergen(["MILK", "SESAME"], "GLUTEN", true)).toEqual(["GLUTEN", "MILK", "SESAME"]);
    expect(withAllergen(["GLUTEN", "MILK"], "MILK", true)).toEqual(["GLUTEN", "MILK"]);
    expect(withAllergen(["GLUTEN", "MILK"], "GLUTEN", false)).toEqual(["MILK"]);
    expect(withAllergen(["FISH"], "EGGS", false)).toEqual(["FISH"]);
  });
});
