import { describe, expect, it } from "vitest";
import { countdown, secondsLeft, shownCode, spokenCode, typedCode } from "./code";

describe("a pairing code", () => {
  it("is shown in two groups of three and read digit by digit", () => {
    expect(shownCode("482913")).toBe("482 913");
    expect(shownCode("007042")).toBe("007 042");
    expect(spokenCode("482913")).toBe("4 8 2 9 1 3");
  });

  it("keeps the digits a person typed, whatever they put between them", () => {
    expect(typedCode("482 913")).toBe("482913");
    expect(typedCode("482-913")).toBe("482913");
    expect(typedCode("4829134")).toBe("482913");
    expect(typedCode("ab")).toBe("");
  });
});

describe("the countdown", () => {
  const expiresAt = "2026-11-27T06:10:00Z";
  const at = (iso: string) => Date.parse(iso);

  it("counts whole seconds up, down to zero and never below", () => {
    expect(secondsLeft(expiresAt, at("2026-11-27T06:00:00Z"))).toBe(600);
    expect(secondsLeft(expiresAt, at("2026-11-27T06:09:59.500Z"))).toBe(1);
    expect(secondsLeft(expiresAt, at("2026-11-27T06:10:05Z"))).toBe(0);
  });

  it("reads as minutes and seconds", () => {
    expect(countdown(600)).toBe("10:00");
    expect(countdown(545)).toBe("9:05");
    expect(countdown(0)).toBe("0:00");
  });
});
