import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "./api/client";
import { memoryStore, remembered } from "./store";

describe("the in-memory store (IndexedDB's stand-in)", () => {
  it("reads a table back in the order of its keys, as IndexedDB does", async () => {
    const store = memoryStore();
    await store.put("outbox", "000000000010", { seq: 10 });
    await store.put("outbox", "000000000002", { seq: 2 });
    await store.put("refused", "000000000001", { seq: 1 });
    expect(await store.all("outbox")).toEqual([{ seq: 2 }, { seq: 10 }]);
  });

  it("keeps a copy: changing an object after it is stored changes nothing stored", async () => {
    const store = memoryStore();
    const order = { id: "o", items: ["Fries"] };
    await store.put("orders", "o", order);
    order.items.push("Salad");
    const read = await store.get<typeof order>("orders", "o");
    expect(read?.items).toEqual(["Fries"]);
    read?.items.push("Latte");
    expect((await store.get<typeof order>("orders", "o"))?.items).toEqual(["Fries"]);
  });

  it("forgets what is deleted, and answers undefined for what it never had", async () => {
    const store = memoryStore();
    await store.put("orders", "o", { id: "o" });
    await store.delete("orders", "o");
    expect(await store.get("orders", "o")).toBeUndefined();
    expect(await store.all("orders")).toEqual([]);
  });
});

describe("remembered reads", () => {
  it("keep the server's answer, and give it back when the server cannot be reached", async () => {
    const store = memoryStore();
    expect(await remembered(store, "tables", async () => ["1", "2"])).toEqual(["1", "2"]);
    const offline = async (): Promise<string[]> => {
      throw new Unreachable("offline");
    };
    let kept = false;
    expect(await remembered(store, "tables", offline, () => (kept = true))).toEqual(["1", "2"]);
    expect(kept).toBe(true);
    await expect(remembered(store, "menu", offline)).rejects.toBeInstanceOf(Unreachable);
  });

  it("pass a refusal on: only a missing network falls back", async () => {
    const store = memoryStore();
    await remembered(store, "tables", async () => ["1"]);
    const refused = async (): Promise<string[]> => {
      throw new ApiError(403, "forbidden", "No.");
    };
    await expect(remembered(store, "tables", refused)).rejects.toBeInstanceOf(ApiError);
  });
});
