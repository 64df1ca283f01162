import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "../../shared/api/client";
import { anItem, anOrder } from "../../shared/fixtures";
import { memoryStore } from "../../shared/store";
import { ANA, add, BEN, FakeServer, newKey, offline, online, reachable, seatAtFour, tabForSam } from "./fixtures";
import { Outbox, TABLES } from "./outbox";
import { SESSION_ENDED } from "./refusals";

describe("the outbox", () => {
  it("keeps an operation on the tablet before the tap is answered, and shows it at once", async () => {
    const { outbox, server, store } = await offline();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1"));
    expect(await store.all(TABLES.waiting)).toHaveLength(2);
    expect(outbox.view("o")?.items.map((item) => item.name)).toEqual(["Fries"]);
    expect(server.orders.size).toBe(0);
  });

  it("survives a reload: the operations wait in the store, in order, and then land once", async () => {
    const { outbox: before, server, store } = await offline();
    await before.enqueue(seatAtFour);
    await before.enqueue(add("i1", "Fries"));
    await before.enqueue(add("i2", "Salad"));
    const { outbox: after } = await reachable(server, store);
    expect(after.pending().map((entry) => entry.op.kind)).toEqual(["create", "add", "add"]);
    await online(after, server);
    expect(after.pending()).toHaveLength(0);
    expect(server.orders.get("o")?.items.map((item) => item.name)).toEqual(["Fries", "Salad"]);
    expect(await store.all(TABLES.waiting)).toHaveLength(0);
    expect(after.view("o")?.version).toBe(3);
  });

  it("tries again at once when the network comes back while a try is failing", async () => {
    const server = new FakeServer();
    const pauses: number[] = [];
    // Only a kick ends a pause: a pause after the network came back would never end.
    const pause = (ms: number, wake: Promise<void>) => {
      pauses.push(ms);
      return wake;
    };
    const outbox = await Outbox.open(memoryStore(), server, { newKey, pause });
    outbox.signedIn(ANA);
    const send = server.send.bind(server);
    let failing = true;
    server.send = async (entry, ifMatch) => {
      if (!failing) return send(entry, ifMatch);
      // The request fails as the network comes back.
      failing = false;
      await new Promise((resolve) => setTimeout(resolve, 0));
      outbox.kick();
      throw new Unreachable("offline");
    };
    await outbox.enqueue(seatAtFour);
    await outbox.drain();
    expect(pauses).toEqual([]);
    expect(server.orders.size).toBe(1);
  });

  it("sends again with the same key after a lost answer: the server makes it once", async () => {
    const { outbox, server } = await reachable();
    server.loseAnswers = 1;
    await outbox.enqueue(seatAtFour);
    await outbox.drain();
    const [first, again] = server.sent.map((sent) => sent.key);
    expect(server.sent).toHaveLength(2);
    expect(again).toBe(first);
    expect(server.orders.size).toBe(1);
    expect(outbox.pending()).toHaveLength(0);
  });

  it("takes a change whose answer was lost as made when the order holds it: no false conflict", async () => {
    const { outbox, server } = await reachable();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1"));
    await outbox.drain();
    server.loseAnswers = 1;
    await outbox.enqueue({ kind: "quantity", orderId: "o", itemId: "i1", quantity: 2 });
    await outbox.enqueue({ kind: "note", orderId: "o", itemId: "i1", notes: "no salt" });
    await outbox.drain();
    expect(outbox.refused()).toEqual([]);
    expect(outbox.noticesFor("o")).toEqual([]);
    expect(server.orders.get("o")?.items[0]).toMatchObject({ quantity: 2, notes: "no salt" });
    expect(outbox.view("o")?.version).toBe(server.orders.get("o")?.version);
  });

  it("opens a named bar tab offline and renames it: the server gets both, in order", async () => {
    const { outbox, server } = await offline();
    await outbox.enqueue(tabForSam);
    expect(outbox.view("o")?.customerName).toBe("Sam");
    await outbox.enqueue({ kind: "name", orderId: "o", customerName: "Alex" });
    expect(outbox.view("o")?.customerName).toBe("Alex");
    await online(outbox, server);
    expect(server.sent.map((sent) => [sent.kind, sent.ifMatch])).toEqual([
      ["create", null],
      ["name", 1],
    ]);
    expect(server.orders.get("o")?.customerName).toBe("Alex");
    expect(outbox.refused()).toEqual([]);
  });

  it("takes a rename whose answer was lost as made: no false conflict", async () => {
    const { outbox, server } = await reachable();
    await outbox.enqueue(seatAtFour);
    await outbox.drain();
    server.loseAnswers = 1;
    await outbox.enqueue({ kind: "name", orderId: "o", customerName: "Sam" });
    await outbox.drain();
    expect(outbox.refused()).toEqual([]);
    expect(outbox.noticesFor("o")).toEqual([]);
    expect(outbox.view("o")?.customerName).toBe("Sam");
    expect(outbox.view("o")?.version).toBe(server.orders.get("o")?.version);
  });

  it("keeps sending after a failure of any kind: nothing waits for another tap", async () => {
    const { outbox, server } = await reachable();
    server.oddFailures = 2;
    await outbox.enqueue(seatAtFour);
    await outbox.drain();
    expect(outbox.pending()).toHaveLength(0);
    expect(server.orders.size).toBe(1);
  });

  it("never lets the tablet's own operations make a later one stale", async () => {
    const { outbox, server } = await offline();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1"));
    await outbox.enqueue({ kind: "note", orderId: "o", itemId: "i1", notes: "no salt" });
    await outbox.enqueue({ kind: "send", orderId: "o" });
    await online(outbox, server);
    expect(server.sent.map((sent) => sent.ifMatch)).toEqual([null, 1, 2, 3]);
    expect(outbox.refused()).toHaveLength(0);
    expect(outbox.noticesFor("o")).toEqual([]);
    expect(server.orders.get("o")?.items[0]).toMatchObject({ notes: "no salt", status: "SENT" });
  });

  it("makes an addition on top of another terminal's change, and says what they changed", async () => {
    const { outbox, server } = await reachable();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1", "Salad"));
    await outbox.drain();
    server.elsewhere("o", (order) => ({ ...order, items: [...order.items, anItem("x", "Latte")] }));
    server.unreachable = true;
    await outbox.enqueue(add("i2", "Fries"));
    await online(outbox, server);
    expect(server.orders.get("o")?.items.map((item) => item.name)).toEqual(["Salad", "Latte", "Fries"]);
    expect(outbox.noticesFor("o")).toEqual([
      "Check #7 was changed on another terminal: added 1 Latte. Your addition was made on top of it.",
    ]);
  });

  it("tells what changed against the order the addition was made on, even after a newer read", async () => {
    const { outbox, server } = await reachable();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1", "Salad"));
    await outbox.drain();
    server.unreachable = true;
    await outbox.enqueue(add("i2", "Fries"));
    server.elsewhere("o", (order) => ({ ...order, items: order.items.map((item) => ({ ...item, status: "SENT" })) }));
    // Back online, the event stream's read of the order may land before the addition is sent.
    await outbox.seen(server.orders.get("o")!);
    await online(outbox, server);
    expect(outbox.noticesFor("o")).toEqual([
      "Check #7 was changed on another terminal: Salad is now sent. Your addition was made on top of it.",
    ]);
  });

  it("makes the same product tapped again a line of its own when another terminal sent its line", async () => {
    const { outbox, server } = await reachable();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1", "Salad"));
    await outbox.drain();
    server.elsewhere("o", (order) => ({ ...order, items: order.items.map((item) => ({ ...item, status: "SENT" })) }));
    const tap = {
      body: { productId: "p-Salad", quantity: 1, modifiers: [] },
      name: "Salad",
      unitPrice: 450,
      modifiers: [],
    };
    await outbox.enqueue({ kind: "quantity", orderId: "o", itemId: "i1", quantity: 2, tap });
    await outbox.drain();
    expect(outbox.refused("o")).toEqual([]);
    expect(server.orders.get("o")?.items.map((item) => [item.name, item.quantity, item.status])).toEqual([
      ["Salad", 1, "SENT"],
      ["Salad", 1, "PENDING"],
    ]);
    expect(outbox.noticesFor("o")).toEqual([
      "Check #7 was changed on another terminal: Salad is now sent. Your addition was made on top of it.",
    ]);
  });

  it("keeps any other change refused by another terminal's, in words, for a person", async () => {
    const { outbox, server } = await reachable();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1", "Salad"));
    await outbox.drain();
    server.elsewhere("o", (order) => ({ ...order, items: order.items.map((item) => ({ ...item, status: "SENT" })) }));
    await outbox.enqueue({ kind: "quantity", orderId: "o", itemId: "i1", quantity: 3 });
    await outbox.drain();
    const [refusal] = outbox.refused("o");
    expect(refusal.words).toBe(
      "Salad wasn't changed to 3: another terminal changed the check meanwhile (Salad is now sent). Look at the check and tap again, or discard this.",
    );
    expect(outbox.noticesFor("o")).toEqual([]);
    expect(outbox.view("o")?.items[0].quantity).toBe(1);
  });

  it("keeps a refused operation (86'd meanwhile) in words, and goes on with the next", async () => {
    const { outbox, server, store } = await offline();
    await outbox.enqueue(seatAtFour);
    await online(outbox, server);
    server.refuse = new ApiError(409, "product_unavailable", "Fries is 86'd (unavailable)");
    await outbox.enqueue(add("i1", "Fries"));
    await outbox.drain();
    server.refuse = null;
    await outbox.enqueue({ kind: "send", orderId: "o" });
    await outbox.drain();
    expect(outbox.refused().map((refusal) => refusal.words)).toEqual([
      "1 Fries wasn't added: sold out (86'd) before this reached the server. Offer something else, then discard this.",
    ]);
    expect(await store.all(TABLES.refused)).toHaveLength(1);
    expect(outbox.pending()).toHaveLength(0);
  });

  it("retries a refused operation under a new key, or discards it when a person says so", async () => {
    const { outbox, server } = await reachable();
    server.refuse = new ApiError(403, "forbidden", "A manager must approve this.");
    await outbox.enqueue(seatAtFour);
    await outbox.drain();
    const [refusal] = outbox.refused();
    server.refuse = null;
    await outbox.retry(refusal.entry.seq, "approval-token");
    await outbox.drain();
    expect(outbox.refused()).toHaveLength(0);
    expect(server.sent.at(-1)?.key).not.toBe(refusal.entry.key);
    expect(server.orders.size).toBe(1);

    server.refuse = new ApiError(409, "order_closed", "The order is closed.");
    await outbox.enqueue({ kind: "discount", orderId: "o", amount: 1, reason: "Regular guest" });
    await outbox.drain();
    await outbox.discard(outbox.refused()[0].entry.seq);
    expect(outbox.refused()).toHaveLength(0);
  });

  it("keeps what was made on a check whose opening was refused, unsent", async () => {
    const { outbox, server } = await offline();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1"));
    server.refuse = new ApiError(409, "table_occupied", "Table 4 has an open order.");
    await online(outbox, server);
    expect(outbox.refused().map((refusal) => refusal.code)).toEqual(["table_occupied", "never_opened"]);
    expect(outbox.refused()[0].words).toBe(
      "This check wasn't opened: Table 4 was seated on another terminal meanwhile. Open that table's check, add what is needed there, then discard this.",
    );
    expect(server.sent).toHaveLength(1);
    expect(outbox.view("o")).toBeNull();
  });

  it("sends the operations of two sessions, interleaved, each with its own token, in order", async () => {
    const { outbox, server } = await offline();
    await outbox.enqueue(seatAtFour);
    outbox.signedIn(BEN);
    await outbox.enqueue(add("i1", "Fries"));
    outbox.signedIn(ANA);
    await outbox.enqueue(add("i2", "Salad"));
    await online(outbox, server);
    expect(server.requests).toEqual(["create ana-token", "add ben-token", "add ana-token"]);
    expect(server.orders.get("o")?.items.map((item) => item.name)).toEqual(["Fries", "Salad"]);
  });

  it("refuses and keeps what a session the server ended made: never sent under another token", async () => {
    const { outbox, server, store } = await offline();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1"));
    outbox.signedIn(BEN);
    server.ended.add(ANA.token);
    await online(outbox, server);
    expect(server.requests).toEqual([]);
    expect(outbox.pending()).toHaveLength(0);
    const [ended, never] = outbox.refused("o");
    expect(ended.code).toBe(SESSION_ENDED);
    expect(ended.words).toBe(
      "This check wasn't opened: Ana's session ended before this reached the server. Tap Retry to make it as yourself, or discard this.",
    );
    expect(never.code).toBe("never_opened");
    // The token is forgotten with the session: a retry is the person signed in now's.
    expect(JSON.stringify(await store.all(TABLES.refused))).not.toContain(ANA.token);
    await outbox.retry(ended.entry.seq);
    await outbox.drain();
    expect(server.requests).toEqual(["create ben-token"]);
    expect(outbox.view("o")?.tableName).toBe("4");
  });

  it("signs a session out on the server only once what it left waiting has landed", async () => {
    const { outbox, server, store } = await offline();
    await outbox.enqueue(seatAtFour);
    await outbox.enqueue(add("i1"));
    await outbox.signOut(ANA.token);
    expect(await store.all(TABLES.signingOut)).toEqual([ANA.token]);
    outbox.signedIn(BEN);
    await outbox.enqueue(add("i2", "Salad"));
    await online(outbox, server);
    expect(server.requests).toEqual(["create ana-token", "add ana-token", "sign-out ana-token", "add ben-token"]);
    expect(await store.all(TABLES.signingOut)).toEqual([]);
    expect(JSON.stringify(await store.all(TABLES.waiting))).not.toContain(ANA.token);
  });

  it("keeps a sign-out across a reload until its session's changes have landed", async () => {
    const { outbox: before, server, store } = await offline();
    await before.enqueue(seatAtFour);
    await before.signOut(ANA.token);
    const { outbox: after } = await reachable(server, store);
    await online(after, server);
    expect(server.requests).toEqual(["create ana-token", "sign-out ana-token"]);
  });

  it("signs out on the server at once when nothing of the session waits", async () => {
    const { outbox, server, store } = await reachable();
    await outbox.signOut(ANA.token);
    expect(server.requests).toEqual(["sign-out ana-token"]);
    expect(await store.all(TABLES.signingOut)).toEqual([]);
    await expect(outbox.enqueue(seatAtFour)).rejects.toThrow();
  });

  it("reads older than what it knows do not replace it", async () => {
    const { outbox } = await reachable();
    await outbox.seen(anOrder({ version: 5 }));
    await outbox.seen(anOrder({ version: 4, items: [] }));
    expect(outbox.view("o")?.version).toBe(5);
  });

  it("after a reload, shows the checks it knows on a floor kept from before, not on one read since", async () => {
    const { outbox: before, server, store } = await reachable();
    await before.enqueue(seatAtFour);
    await before.drain();
    const { outbox: after } = await reachable(server, store);
    expect(after.touched(0).map((order) => order.id)).toEqual(["o"]);
    expect(after.touched(Date.now())).toEqual([]);
  });

  it("lists open checks the floor has not read yet", async () => {
    const { outbox } = await offline();
    const since = Date.now();
    await outbox.enqueue(seatAtFour);
    expect(outbox.touched(since).map((order) => order.tableName)).toEqual(["4"]);
  });
});
