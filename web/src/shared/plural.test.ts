import { describe, expect, it } from "vitest";
import { countOf, NOUNS, plural, type PluralForms } from "./plural";

describe("plurals", () => {
  it.each([
    [0, NOUNS.guest, "0 guests"],
    [1, NOUNS.guest, "1 guest"],
    [2, NOUNS.guest, "2 guests"],
    [12, NOUNS.guest, "12 guests"],
    [1, NOUNS.check, "1 check"],
    [3, NOUNS.check, "3 checks"],
    [1, NOUNS.item, "1 item"],
    [5, NOUNS.item, "5 items"],
    [1, NOUNS.unsentItem, "1 unsent item"],
    [4, NOUNS.unsentItem, "4 unsent items"],
    [1, NOUNS.change, "1 change"],
    [0, NOUNS.change, "0 changes"],
    [1, NOUNS.minute, "1 minute"],
    [61, NOUNS.minute, "61 minutes"],
    [3, NOUNS.way, "3 ways"],
    [21, NOUNS.guest, "21 guests"], // English: only 1 itself is "one"
    [0.5, NOUNS.item, "0.5 items"], // a shared line's part
    [1.5, NOUNS.item, "1.5 items"],
  ])("%s of %j is %s", (count, forms, words) => {
    expect(countOf(count, forms)).toBe(words);
  });

  it("agrees a verb with its count", () => {
    expect(`1 Latte ${plural(1, NOUNS.wasNot)} added`).toBe("1 Latte wasn't added");
    expect(`2 Fries ${plural(2, NOUNS.wasNot)} added`).toBe("2 Fries weren't added");
  });

  it("falls back to the other form for a category a noun leaves out", () => {
    const only: PluralForms = { other: "sheep" };
    expect(countOf(1, only)).toBe("1 sheep");
    expect(countOf(2, only)).toBe("2 sheep");
  });

  it("uses a zero form where a noun has one (a language that says zero apart)", () => {
    const forms: PluralForms = { zero: "none", one: "one", other: "many" };
    // English puts 0 in "other": the zero form is for the catalogues of languages that use it.
    expect(plural(0, forms)).toBe("many");
  });
});
