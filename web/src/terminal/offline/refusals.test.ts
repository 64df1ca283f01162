import { describe, expect, it } from "vitest";
import { ApiError } from "../../shared/api/client";
import { anItem } from "../../shared/fixtures";
import { memoryStore } from "../../shared/store";
import type { Order } from "../../shared/types";
import { add, FakeServer, online, reachable, seatAtFour } from "./fixtures";
import { type Addition, folded, type Operation } from "./operations";
import type { Outbox } from "./outbox";
import { notAddedLine, refusalWords } from "./refusals";

const fries = add("i1", "Fries") as Addition;

/** Fries tapped again on the unsent line of Fries "i0". */
const friesAgain: Operation = {
  kind: "quantity",
  orderId: "o",
  itemId: "i0",
  quantity: 2,
  tap: { body: fries.body, name: "Fries", unitPrice: fries.unitPrice, modifiers: [] },
};

/** Table 4 seated with a line of Fries ("i0") on the server; then the tablet goes offline. */
async function seatedThenOffline() {
  const setUp = await reachable(new FakeServer(), memoryStore());
  await setUp.outbox.enqueue(seatAtFour);
  await setUp.outbox.enqueue(add("i0", "Fries"));
  await setUp.outbox.drain();
  setUp.server.unreachable = true;
  return setUp;
}

/** Another terminal closes check "o"; `moved`: a change of its own (the version moves). */
function closedElsewhere(server: FakeServer, status: Order["status"], moved: boolean): void {
  const order = server.orders.get("o")!;
  if (moved) server.elsewhere("o", () => ({ ...order, status }));
  else server.orders.set("o", { ...order, status });
}

/** Each refusal is told once, its line kept and marked, in no total, never sent again unasked. */
async function expectOneRefusal(outbox: Outbox, server: FakeServer, words: string): Promise<void> {
  const [refusal, ...more] = outbox.refused("o");
  expect(more).toEqual([]);
  expect(refusal.words).toBe(words);
  expect(outbox.noticesFor("o")).toEqual([]);
  // The check counts only what the server holds: the refused line in no total.
  expect(outbox.view("o")).toEqual(outbox.known("o"));
  expect(outbox.pending()).toEqual([]);
  const sent = server.sent.length;
  server.refuse = null;
  server.sold.clear();
  outbox.kick();
  await outbox.drain();
  expect(server.sent).toHaveLength(sent);
  expect(outbox.refused("o")).toEqual([refusal]);
}

describe("a refused change: one message, its line kept", () => {
  const paid = "the check was paid and closed on another terminal";
  const reopen = "Ask a manager to reopen the check and tap Add again, or discard this.";
  it.each<[string, Operation, (server: FakeServer) => void, string]>([
    [
      "86'd meanwhile",
      fries,
      (server) => server.sold.add(fries.body.productId),
      "1 Fries wasn't added: sold out (86'd) before this reached the server. Offer something else, then discard this.",
    ],
    [
      "paid on another terminal (409)",
      fries,
      (server) => closedElsewhere(server, "COMPLETED", false),
      `1 Fries wasn't added: ${paid}. ${reopen}`,
    ],
    [
      "paid on another terminal (412)",
      fries,
      (server) => closedElsewhere(server, "COMPLETED", true),
      `1 Fries wasn't added: ${paid}. ${reopen}`,
    ],
    [
      "cancelled on another terminal",
      friesAgain,
      (server) => closedElsewhere(server, "CANCELLED", true),
      `1 more Fries wasn't added: the check was cancelled on another terminal. ${reopen}`,
    ],
    [
      "its line sent meanwhile",
      friesAgain,
      (server) => (server.refuse = new ApiError(409, "item_already_sent", "Fries was sent.")),
      "1 more Fries wasn't added: the line was sent to the kitchen meanwhile. Tap Add again for a line of its own, or discard this.",
    ],
    [
      "invalid (422)",
      fries,
      (server) => (server.refuse = new ApiError(422, "validation_failed", "quantity must be at most 99")),
      "1 Fries wasn't added. quantity must be at most 99. Tap Add again, or discard this.",
    ],
    [
      "gone from the server (404)",
      fries,
      (server) => (server.refuse = new ApiError(404, "not_found", "No such order.")),
      "1 Fries wasn't added: the check or its line is no longer on the server. Discard this.",
    ],
  ])("%s", async (_, tapped, meanwhile, words) => {
    const { outbox, server } = await seatedThenOffline();
    await outbox.enqueue(tapped);
    meanwhile(server);
    await online(outbox, server);
    await expectOneRefusal(outbox, server, words);
    expect(notAddedLine(outbox.refused("o")[0].entry.op)).toEqual({
      name: "Fries",
      quantity: 1,
      modifiers: [],
      total: 450,
    });
  });

  it("stays refused across a reload, never sent again", async () => {
    const { outbox, server, store } = await seatedThenOffline();
    await outbox.enqueue(fries);
    server.sold.add(fries.body.productId);
    await online(outbox, server);
    const sent = server.sent.length;
    server.sold.clear();
    const { outbox: reloaded } = await reachable(server, store);
    await reloaded.drain();
    expect(server.sent).toHaveLength(sent);
    expect(reloaded.refused("o").map((refusal) => refusal.words)).toEqual(
      outbox.refused("o").map((refusal) => refusal.words),
    );
  });

  it("made on top of another terminal's change: told once, as made, never as refused", async () => {
    const { outbox, server } = await seatedThenOffline();
    server.elsewhere("o", (order) => ({ ...order, items: [...order.items, anItem("x", "Latte")] }));
    await outbox.enqueue(fries);
    await online(outbox, server);
    outbox.kick();
    await outbox.drain();
    expect(outbox.refused("o")).toEqual([]);
    expect(outbox.noticesFor("o")).toEqual([
      "Check #7 was changed on another terminal: added 1 Latte. Your addition was made on top of it.",
    ]);
    expect(server.orders.get("o")?.items.map((item) => item.name)).toEqual(["Fries", "Latte", "Fries"]);
  });

  it("to be made on top, then refused all the same: told as refused, and only that", async () => {
    const { outbox, server } = await seatedThenOffline();
    server.elsewhere("o", (order) => ({ ...order, items: [...order.items, anItem("x", "Latte")] }));
    // The check is paid on the other terminal between the tablet's read and its addition.
    const read = server.read.bind(server);
    server.read = async (orderId) => {
      const order = await read(orderId);
      server.read = read;
      closedElsewhere(server, "COMPLETED", false);
      return order;
    };
    await outbox.enqueue(fries);
    await online(outbox, server);
    await expectOneRefusal(outbox, server, `1 Fries wasn't added: ${paid}. ${reopen}`);
  });

  it("takes what the person did to a refused line into its one message", async () => {
    const { outbox, server } = await seatedThenOffline();
    await outbox.enqueue(fries);
    await outbox.enqueue({ ...friesAgain, itemId: "i1" });
    await outbox.enqueue({ kind: "note", orderId: "o", itemId: "i1", notes: "no salt" });
    await outbox.enqueue({ kind: "place", orderId: "o", itemId: "i1", seat: 2, course: 1 });
    server.sold.add(fries.body.productId);
    await online(outbox, server);
    const [refusal] = outbox.refused("o");
    expect(refusal.entry.op).toMatchObject({ body: { quantity: 2, notes: "no salt", seat: 2 } });
    await expectOneRefusal(
      outbox,
      server,
      "2 Fries weren't added: sold out (86'd) before this reached the server. Offer something else, then discard this.",
    );
    expect(server.sent.filter((sent) => sent.kind !== "create" && sent.kind !== "add")).toEqual([]);
  });

  it("says nothing of a refused line voided meanwhile: nothing is missing", async () => {
    const { outbox, server } = await seatedThenOffline();
    await outbox.enqueue(fries);
    await outbox.enqueue({ kind: "void", orderId: "o", itemId: "i1", reason: "Entered by mistake" });
    closedElsewhere(server, "COMPLETED", false);
    await online(outbox, server);
    expect(outbox.refused("o")).toEqual([]);
    expect(outbox.pending()).toEqual([]);
    expect(server.sent.map((sent) => sent.kind)).toEqual(["create", "add", "add"]);
  });

  it("takes a send with nothing left to send as done: the refused line is the one message", async () => {
    const { outbox, server } = await seatedThenOffline();
    server.orders.set("o", { ...server.orders.get("o")!, items: [anItem("i0", "Fries", { status: "SENT" })] });
    await outbox.enqueue(fries);
    await outbox.enqueue({ kind: "send", orderId: "o" });
    server.sold.add(fries.body.productId);
    await online(outbox, server);
    expect(outbox.refused("o").map((refusal) => refusal.code)).toEqual(["product_unavailable"]);
    expect(outbox.pending()).toEqual([]);
  });

  it("adds a refused tap again as a line of its own once its line was sent", async () => {
    const { outbox, server } = await seatedThenOffline();
    await outbox.enqueue(friesAgain);
    server.refuse = new ApiError(409, "item_already_sent", "Fries was sent.");
    await online(outbox, server);
    server.refuse = null;
    server.elsewhere("o", (order) => ({ ...order, items: order.items.map((item) => ({ ...item, status: "SENT" })) }));
    await outbox.seen(server.orders.get("o")!);
    await outbox.retry(outbox.refused("o")[0].entry.seq);
    await outbox.drain();
    expect(outbox.refused("o")).toEqual([]);
    expect(server.orders.get("o")?.items.map((item) => [item.name, item.quantity, item.status])).toEqual([
      ["Fries", 1, "SENT"],
      ["Fries", 1, "PENDING"],
    ]);
  });
});

describe("a refusal's words", () => {
  const names = (itemId: string) => (itemId === "i0" ? "Salad" : null);
  it.each<[Operation, ConstructorParameters<typeof ApiError>[1], string]>([
    [
      { kind: "pay", orderId: "o", paymentId: "p", body: { amount: 5, paymentMethod: "CASH" } },
      "overpayment",
      "The cash payment wasn't taken: the check was already paid (on another terminal?). Look at the balance; discard this if it is 0.",
    ],
    [
      { kind: "discount", orderId: "o", amount: 5, reason: "Regular guest" },
      "forbidden",
      "The discount wasn't applied: it needs a manager's approval. Tap Retry for a manager's PIN, or discard this.",
    ],
    [
      { kind: "transfer", orderId: "o", tableId: "t5", tableName: "5" },
      "table_occupied",
      "The check wasn't moved to Table 5: Table 5 was seated on another terminal meanwhile. Pick another table, or discard this.",
    ],
    [
      { kind: "void", orderId: "o", itemId: "i0", reason: "Kitchen error" },
      "order_closed",
      "Salad wasn't voided: the check was paid or closed on another terminal. Look at the check; discard this if nothing is missing.",
    ],
  ])("%j refused as %s", (op, code, words) => {
    expect(refusalWords(op, { code, detail: "" }, names)).toBe(words);
  });

  it("keeps the server's words when it has none of its own", () => {
    expect(refusalWords(fries, { code: "too_many_items", detail: "A check holds 500 lines at most" }, names)).toBe(
      "1 Fries wasn't added. A check holds 500 lines at most. Tap Add again, or discard this.",
    );
  });

  it("names the ids in the server's words, never shows them", () => {
    const salad = "3f2b8c1e-9a4d-4b7e-8c21-5d6e7f809a1b";
    const check = "0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f";
    const named = (id: string) => (id === salad ? "Salad" : id === check ? "check #1042" : null);
    const note: Operation = { kind: "note", orderId: check, itemId: salad, notes: "no dressing" };
    expect(
      refusalWords(
        note,
        { code: "invalid_transition", detail: `order item ${salad} of order ${check} is sent` },
        named,
      ),
    ).toBe("The note on Salad wasn't saved. Salad of check #1042 is sent. Tap Retry, or discard this.");
    expect(
      refusalWords(
        { kind: "void", orderId: check, itemId: salad, reason: "Kitchen error" },
        { code: "approval_invalid", detail: `... on order_id=${check}/item_id=${salad}` },
        named,
      ),
    ).toBe(
      "Salad wasn't voided: the manager's approval had expired or was already used. Tap Retry for a manager's PIN, or discard this.",
    );
  });

  it("shows only an addition as a line", () => {
    expect(notAddedLine({ kind: "send", orderId: "o" })).toBeNull();
    expect(notAddedLine({ kind: "quantity", orderId: "o", itemId: "i0", quantity: 3 })).toBeNull();
  });
});

describe("a refused line as the person left it", () => {
  it("takes its quantity, note, seat and course", () => {
    const line = folded(fries, [
      { kind: "quantity", orderId: "o", itemId: "i1", quantity: 3 },
      { kind: "note", orderId: "o", itemId: "i1", notes: "no salt" },
      { kind: "place", orderId: "o", itemId: "i1", seat: 2, course: 2 },
      { kind: "note", orderId: "o", itemId: "i0", notes: "another line's" },
    ]);
    expect(line?.body).toEqual({ ...fries.body, quantity: 3, notes: "no salt", seat: 2, course: 2 });
    expect(folded(fries, [{ kind: "place", orderId: "o", itemId: "i1", seat: null, course: 1 }])?.body).toEqual(
      fries.body,
    );
  });

  it("is nothing once voided", () => {
    expect(folded(fries, [{ kind: "void", orderId: "o", itemId: "i1", reason: "Entered by mistake" }])).toBeNull();
  });
});
