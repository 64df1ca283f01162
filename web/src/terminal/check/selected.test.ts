import { describe, expect, it } from "vitest";
import { anItem } from "../../shared/fixtures";
import { afterNewLine, newestLine, selectedLine, tapLine } from "./selected";

const sent = (id: string, name: string) => anItem(id, name, { status: "SENT" });
const voided = (id: string, name: string) => anItem(id, name, { status: "VOIDED" });

describe("the line showing its tools", () => {
  it("is the newest unsent line, else the last one not voided, else none", () => {
    expect(newestLine([sent("a", "Soup"), anItem("b", "Latte"), anItem("c", "Fries"), sent("d", "Cake")])).toBe("c");
    expect(newestLine([sent("a", "Soup"), sent("b", "Cake"), voided("c", "Fries")])).toBe("b");
    expect(newestLine([voided("a", "Soup")])).toBeNull();
    expect(newestLine([])).toBeNull();
  });

  it("is the newest line until a person taps another", () => {
    const items = [anItem("a", "Latte"), anItem("b", "Fries")];
    expect(selectedLine(items, null)).toBe("b");
    const picked = tapLine(items, null, "a");
    expect(selectedLine(items, picked)).toBe("a");
    expect(selectedLine([...items, anItem("c", "Salad")], picked)).toBe("a");
  });

  it("closes on a second tap, and stays closed", () => {
    const items = [anItem("a", "Latte"), anItem("b", "Fries")];
    const closed = tapLine(items, null, "b");
    expect(closed).toEqual({ id: null });
    expect(selectedLine(items, closed)).toBeNull();
    expect(selectedLine(items, tapLine(items, closed, "b"))).toBe("b");
  });

  it("goes to a line rung up here after the tap, not to another terminal's", () => {
    const picked = tapLine([anItem("a", "Latte"), anItem("b", "Fries")], null, "a");
    const more = [anItem("a", "Latte"), anItem("b", "Fries"), anItem("c", "Salad")];
    expect(selectedLine(more, afterNewLine(picked, true))).toBe("c");
    expect(selectedLine(more, afterNewLine(picked, false))).toBe("a");
  });

  it("is none once the line tapped is voided or gone, not another's", () => {
    const picked = tapLine([sent("a", "Latte"), sent("b", "Fries")], null, "a");
    expect(selectedLine([voided("a", "Latte"), sent("b", "Fries")], picked)).toBeNull();
    expect(selectedLine([sent("b", "Fries")], picked)).toBeNull();
  });
});
