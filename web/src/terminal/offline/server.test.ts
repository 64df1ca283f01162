import { afterEach, describe, expect, it, vi } from "vitest";
import { Api, Unreachable } from "../../shared/api/client";
import { anOrder } from "../../shared/fixtures";
import type { Entry } from "./outbox";
import { answeredWithin, apiServer, orderIn } from "./server";

describe("the outbox's requests", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("count as lost when left hanging, so the operation is sent again", async () => {
    vi.useFakeTimers();
    const hanging = answeredWithin(new Promise<never>(() => {}), 1000);
    vi.advanceTimersByTime(1000);
    await expect(hanging).rejects.toBeInstanceOf(Unreachable);
  });

  it("pass an answer or a refusal on as it came", async () => {
    await expect(answeredWithin(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(answeredWithin(Promise.reject(new Error("409")), 1000)).rejects.toThrow("409");
  });

  it("take the order an answer carries, or the answer when it is the order", () => {
    const order = anOrder();
    expect(orderIn({ id: "item", order })).toBe(order);
    expect(orderIn(order)).toBe(order);
    expect(orderIn({ id: "item" })).toBeNull();
  });
});

describe("a cancel from the outbox", () => {
  it("is a DELETE of the order with its reason, key, version and approval, answered with the order", async () => {
    const cancelled = anOrder({ status: "CANCELLED" });
    const sent: Request[] = [];
    const fetcher = async (request: Request) => {
      sent.push(request.clone());
      const answer = { success: true, message: "Order #1042 cancelled", refundAmount: 0, order: cancelled };
      return new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json" } });
    };
    const server = apiServer((token) => new Api(() => token, fetcher, undefined, "http://tablet", false));
    const entry: Entry = {
      seq: 1,
      key: "key-1",
      op: { kind: "cancel", orderId: "o", reason: "Seated by mistake" },
      madeAt: "2026-01-01T20:00:00.000Z",
      against: 3,
      approval: "bra_ok",
      by: "Ana",
      token: "brs_ana",
    };

    await expect(server.send(entry, 3)).resolves.toEqual(cancelled);
    const [request] = sent;
    expect([request.method, new URL(request.url).pathname]).toEqual(["DELETE", "/api/orders/o"]);
    expect(Object.fromEntries(request.headers)).toMatchObject({
      authorization: "Bearer brs_ana",
      "idempotency-key": "key-1",
      "if-match": '"3"',
      "brigade-approval": "bra_ok",
      prefer: "return=representation",
    });
    expect(await request.json()).toEqual({ reason: "Seated by mistake" });
  });
});
