import { describe, expect, it } from "vitest";
import { ScanBuffer } from "./scanner";

function type(buffer: ScanBuffer, keys: string[], start = 1000, gap = 10) {
  return keys.map((key, i) => buffer.key(key, start + i * gap));
}

describe("the barcode scanner", () => {
  it("answers the digits typed fast before Enter", () => {
    const found = type(new ScanBuffer(), [..."4006381333931", "Enter"]);
    expect(found.at(-1)).toBe("4006381333931");
  });

  it("ignores a slow typist, short codes and other keys", () => {
    const scanner = new ScanBuffer();
    expect(type(scanner, [..."12345", "Enter"], 0, 500).at(-1)).toBeNull();
    expect(type(scanner, [..."123", "Enter"], 10_000).at(-1)).toBeNull();
    expect(type(scanner, [..."12a345", "Enter"], 20_000).at(-1)).toBeNull();
  });
});
