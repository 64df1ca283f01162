import { describe, expect, it } from "vitest";
import { paymentName } from "../payment/PaidTotals";
import { isManager } from "./manager";
import type { Payment } from "../../shared/types";

const payment = (paymentMethod: Payment["paymentMethod"], cardLastFour: string | null = null) =>
  ({ paymentMethod, cardLastFour }) as Payment;

describe("closed checks", () => {
  it.each([
    ["KITCHEN", false],
    ["SERVER", false],
    ["MANAGER", true],
    ["ADMIN", true],
  ] as const)("a %s signed in acts without a manager's PIN: %s", (role, acts) => {
    expect(isManager(role)).toBe(acts);
  });

  it.each([
    [payment("CARD", "4242"), "Card ····4242"],
    [payment("CASH"), "Cash"],
    [payment("GIFT_CARD"), "Gift card"],
    [payment("STORE_CREDIT"), "Store credit"],
  ])("a payment reads as its method", (paid, words) => {
    expect(paymentName(paid)).toBe(words);
  });
});
