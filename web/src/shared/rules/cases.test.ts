// The rules the screens mirror from the server, against the table the server's tests also run
// (cases.json; tests/kit/unit/test_mirrored_rules.py).
import { describe, expect, it } from "vitest";
import { mayMove, stillToCook, type BoardItem } from "../../kitchen/board";
import { whyManager } from "../../terminal/check/cancelling";
import { bySeat, whyNotBySeat } from "../../terminal/check/split/rules";
import { anItem, anOrder } from "../fixtures";
import { toCents } from "../money";
import type { ItemStatus, Payment, Role, TaxMode } from "../types";
import cases from "./cases.json";
import { sentByASend } from "./courses";
import { loginHolds, passwordRefusal, pinRefusal } from "./credentials";
import { lineShare } from "./refunds";
import { type ModifierGroup, groupProblem, lineName, nothingChosen } from "./modifiers";

const STATUSES = Object.keys(cases.itemStatusMoves) as ItemStatus[];

function group(min: number, max: number | null): ModifierGroup {
  const options = Array.from({ length: 6 }, (_, n) => ({ modifierOptionId: `o${n}`, name: `Option ${n}`, price: 0 }));
  return { id: "g", name: "Sides", minSelections: min, maxSelections: max, options };
}

describe("the rules shared with the server", () => {
  it.each(cases.refundLineShares)(
    "a line of $total less $discountAmount, tax $taxAmount ($taxMode), is a share of $share",
    ({ total, discountAmount, taxAmount, taxMode, share }) => {
      expect(lineShare({ total, discountAmount, taxAmount }, taxMode as TaxMode)).toBe(toCents(share));
    },
  );

  it.each(cases.sentByASend)("a send with $fired fired sends courses $sent", ({ fired, sent }) => {
    expect(sentByASend(fired)).toEqual(sent);
  });

  it.each(cases.modifierLimits)(
    "a group of $min to $max holds $chosen chosen: $holds",
    ({ min, max, chosen, holds }) => {
      const picked = Array.from({ length: chosen }, (_, n) => `o${n}`);
      expect(groupProblem(group(min, max), picked) === null).toBe(holds);
    },
  );

  it.each(cases.lineNames)("names $product as $variant: $name", ({ product, variant, name }) => {
    const variants = variant ? [{ id: "v", name: variant, price: 1 }] : [];
    expect(lineName({ id: "p", name: product, price: 1, variants }, nothingChosen(variant ? "v" : null))).toBe(name);
  });

  it("moves an item's status forward, and READY back to PREPARING", () => {
    for (const from of STATUSES) {
      const allowed = new Set<string>(cases.itemStatusMoves[from]);
      for (const to of STATUSES) expect(mayMove(from, to), `${from} → ${to}`).toBe(allowed.has(to));
    }
  });

  it.each(cases.cancelNeedsManager)(
    "a $role cancelling a check with a $itemStatus item (paid: $paid) needs a manager: $needsManager",
    ({ role, itemStatus, paid, needsManager }) => {
      const payments = paid ? [{ id: "p", amount: 5, tipAmount: 0, status: "COMPLETED" } as Payment] : [];
      const order = anOrder({ items: [anItem("a", "Latte", { status: itemStatus as ItemStatus })], payments });
      expect(whyManager(order, role as Role) !== null).toBe(needsManager);
    },
  );

  it.each(cases.splitBySeat)("a split by seat of lines on $seats makes $newChecks", ({ seats, newChecks }) => {
    const order = anOrder({ items: seats.map((seat, n) => anItem(String(n), `Line ${n}`, { seat })) });
    const groups = bySeat(order);
    const made = groups.filter((group) => !group.stays).map((group) => group.lines.map((line) => Number(line.id)));
    expect(whyNotBySeat(groups) === null ? made : null).toEqual(newChecks);
  });

  it.each(cases.pins)("refuses the PIN $pin: $refused", ({ pin, refused }) => {
    expect(pinRefusal(pin)).toBe(refused);
  });

  it.each(cases.logins)("takes the sign-in name $login: $holds", ({ login, holds }) => {
    expect(loginHolds(login)).toBe(holds);
  });

  it.each(cases.passwords)("refuses the password $password: $refused", ({ password, refused }) => {
    expect(passwordRefusal(password)).toBe(refused);
  });

  it("counts what is still to cook", () => {
    for (const status of STATUSES) {
      const item = { status } as BoardItem;
      expect(stillToCook(item), status).toBe(cases.stillToCook[status]);
    }
  });
});
