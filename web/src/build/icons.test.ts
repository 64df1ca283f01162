import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { colourAt, faviconIco, iconPng, TERMINAL_MANIFEST } from "./icons";

describe("the icon", () => {
  it.each([
    [0.5, 0.5, "accent dot"],
    [0.5, 0.2, "white ring"],
    [0.5, 0.03, "ink"],
    [0.01, 0.01, "outside the rounded corner"],
  ])("at (%s, %s) is the %s", (x, y, what) => {
    const expected = {
      "accent dot": [29, 78, 216],
      "white ring": [255, 255, 255],
      ink: [17, 24, 39],
      "outside the rounded corner": null,
    }[what];
    expect(colourAt(x, y)).toEqual(expected);
  });

  it("is a PNG of the size asked, RGBA, every row there", () => {
    const png = iconPng(192);
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[25]]).toEqual([192, 192, 6]);
    const dataLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + dataLength));
    expect(rows.length).toBe(192 * (192 * 4 + 1));
  });

  it("favicon.ico holds one 32 px PNG where its directory says", () => {
    const ico = faviconIco();
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([1, 1, 32, 32]);
    const offset = ico.readUInt32LE(18);
    expect(ico.readUInt32LE(14)).toBe(ico.length - offset);
    expect(ico.subarray(offset + 1, offset + 4).toString("ascii")).toBe("PNG");
  });

  it("the manifest installs the terminal full screen with 192 and 512 icons", () => {
    expect(TERMINAL_MANIFEST.name).toBe("Brigade terminal");
    expect(TERMINAL_MANIFEST.display).toBe("fullscreen");
    expect(TERMINAL_MANIFEST.icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512", "any"]);
  });
});
