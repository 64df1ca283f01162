// A card payment's tip entered after the guest signed, from a closed check or from the list
// of payments awaiting a tip: one above the approval ratio asks a manager's PIN for that
// payment, and the same tip goes again with the one-shot approval.

import { type Api, ApiError } from "../../shared/api/client";
import { adjustTip } from "../../shared/api/orders";
import { type Cents, fromCents } from "../../shared/money";
import type { ManagerGate } from "./manager";

export async function enterTip(
  api: Api,
  gate: ManagerGate,
  payment: { orderId: string; paymentId: string },
  cents: Cents,
  outcome: { entered: () => Promise<void>; refused: (failure: unknown) => void },
): Promise<void> {
  const adjust = async (approval?: string) => {
    try {
      await adjustTip(api, payment.orderId, payment.paymentId, fromCents(cents), { approval });
      await outcome.entered();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "tip_needs_approval" && !approval)
        gate.ask("tip", { action: "payment.tip_adjust", resource: payment, amount: fromCents(cents) }, adjust);
      else outcome.refused(failure);
    }
  };
  await adjust();
}
