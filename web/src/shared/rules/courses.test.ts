import { describe, expect, it } from "vitest";
import { isHeld, placeLabel } from "./courses";

describe("courses", () => {
  it.each([
    [{ seat: 2, course: 2 }, "Seat 2 · Course 2"],
    [{ seat: 2, course: 1 }, "Seat 2"],
    [{ seat: null, course: 3 }, "Course 3"],
    [{ seat: null, course: 1 }, null],
  ])("places %o as %s", (line, label) => expect(placeLabel(line)).toBe(label));

  it("holds a course neither fired nor the first", () => {
    expect(isHeld(2, [1])).toBe(true);
    expect(isHeld(2, [1, 2])).toBe(false);
    expect(isHeld(1, [])).toBe(false);
  });
});
