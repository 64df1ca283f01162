import { describe, expect, it, vi } from "vitest";
import { Api, ApiError, csrfCookie, retryDelay, untilReached, Unreachable } from "./client";
import { addItem, listOrders, getOrder, payOrder } from "./orders";
import { salesCsv } from "./reports";
import { listTables } from "./dining";
import { requestApproval } from "./staff";

const noWait = async () => {};
// Requests need an absolute address outside a page.
const SERVER = "http://brigade.test";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

describe("the retry queue", () => {
  it("backs off to every 5 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });

  it("tries again until the server is reached, and counts the failures", async () => {
    let calls = 0;
    const failures: number[] = [];
    const result = await untilReached(
      async () => {
        calls++;
        if (calls < 3) throw new Unreachable("down");
        return "landed";
      },
      (n) => failures.push(n),
      noWait,
    );
    expect(result).toBe("landed");
    expect(failures).toEqual([1, 2]);
  });

  it("does not retry an answer, only its absence", async () => {
    let calls = 0;
    const attempt = async () => {
      calls++;
      throw new ApiError(409, "conflict", "no");
    };
    await expect(untilReached(attempt, () => {}, noWait)).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it("sends a POST again with the same Idempotency-Key after a network error", async () => {
    const seen: Headers[] = [];
    const bodies: string[] = [];
    const fetcher = async (request: Request) => {
      seen.push(new Headers(request.headers));
      bodies.push(await request.text());
      if (seen.length === 1) throw new TypeError("Failed to fetch");
      return answer(201, { id: "p1" });
    };
    const states: boolean[] = [];
    const api = new Api(() => "brs_token", fetcher, noWait, SERVER);
    api.onConnection((reachable) => states.push(reachable));
    const paid = await payOrder(api, "1", { amount: 5, paymentMethod: "CASH" });
    expect(paid.id).toBe("p1");
    expect(seen).toHaveLength(2);
    const key = seen[0].get("Idempotency-Key");
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seen[1].get("Idempotency-Key")).toBe(key);
    expect(seen[1].get("Authorization")).toBe("Bearer brs_token");
    expect(bodies[1]).toBe(bodies[0]);
    expect(states).toEqual([false, true]);
  });

  it("gives each POST its own key, and sends If-Match and the approval", async () => {
    const seen: Headers[] = [];
    const fetcher = async (request: Request) => {
      seen.push(new Headers(request.headers));
      return answer(200, {});
    };
    const api = new Api(() => null, fetcher, noWait, SERVER);
    const line = { productId: "p", quantity: 1 };
    await addItem(api, "1", line, { ifMatch: 7, approval: "bra_x" });
    await addItem(api, "1", line);
    expect(seen[0].get("If-Match")).toBe('"7"');
    expect(seen[0].get("Brigade-Approval")).toBe("bra_x");
    expect(seen[0].get("Authorization")).toBeNull();
    expect(seen[0].get("Idempotency-Key")).not.toBe(seen[1].get("Idempotency-Key"));
  });

  it("turns a problem answer into an ApiError with its code and words", async () => {
    const fetcher = async () => answer(412, { code: "stale_version", detail: "The order changed." });
    const api = new Api(() => "t", fetcher, noWait, SERVER);
    const failure = await getOrder(api, "1").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 412, code: "stale_version", detail: "The order changed." });
  });

  it("builds query strings without the unset parameters", async () => {
    const urls: string[] = [];
    const fetcher = async (request: Request) => {
      urls.push(request.url);
      return answer(200, { data: [], total: 0 });
    };
    const api = new Api(() => null, fetcher, noWait, SERVER);
    await listTables(api, { locationId: "L", page: undefined, limit: 100 });
    await listOrders(api, { locationId: "L", status: ["OPEN"] });
    expect(urls[0]).toBe(`${SERVER}/api/tables?locationId=L&limit=100`);
    expect(urls[1]).toBe(`${SERVER}/api/orders?locationId=L&status=OPEN`);
  });
});

describe("an ended session", () => {
  it("is reported when the server refuses the token", async () => {
    const fetcher = async (request: Request) =>
      request.url === `${SERVER}/api/approvals`
        ? answer(401, { code: "wrong_pin", detail: "Wrong PIN." })
        : answer(401, { code: "unauthorized", detail: "Sign in again." });
    const api = new Api(() => "brs_old", fetcher, noWait, SERVER);
    let ended = 0;
    api.onUnauthenticated = () => ended++;
    await expect(
      requestApproval(api, { staffId: "s", pin: "0000", action: "item.void", resource: { orderId: "o", itemId: "i" } }),
    ).rejects.toMatchObject({ code: "wrong_pin" });
    expect(ended).toBe(0);
    await expect(listTables(api, { locationId: "L" })).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(1);
  });
});

describe("text answers", () => {
  it("reads a CSV as it came, CRLF and all, with the token in the header", async () => {
    const seen: Headers[] = [];
    const fetcher = async (request: Request) => {
      seen.push(new Headers(request.headers));
      return new Response("a,b\r\n1,2\r\n", { status: 200, headers: { "Content-Type": "text/csv" } });
    };
    const api = new Api(() => "brg_token", fetcher, noWait, SERVER);
    const day = { locationId: "L", from: "2026-01-01", to: "2026-01-01" };
    expect(await salesCsv(api, { ...day, breakdown: "productMix" })).toBe("a,b\r\n1,2\r\n");
    expect(seen[0].get("Authorization")).toBe("Bearer brg_token");
  });

  it("still turns a refusal into words", async () => {
    const fetcher = async () => answer(422, { code: "validation_failed", detail: "from: a date" });
    const api = new Api(() => "brg_token", fetcher, noWait, SERVER);
    await expect(salesCsv(api, { locationId: "L", from: "a" })).rejects.toMatchObject({
      status: 422,
      detail: "from: a date",
    });
  });
});

describe("the back office's cookie session", () => {
  it("reads the CSRF cookie among the others", () => {
    expect(csrfCookie("a=1; brigade_csrf=x%2Fy=z; b=2")).toBe("x/y=z");
    expect(csrfCookie("a=1")).toBeNull();
  });

  it("sends same-origin credentials, and the CSRF token with a change made without a bearer token", async () => {
    vi.stubGlobal("document", { cookie: "brigade_csrf=guard" });
    try {
      const sent: Request[] = [];
      const fetcher = async (request: Request) => {
        sent.push(request);
        return answer(200, { data: [], total: 0, page: 1, limit: 20 });
      };
      await requestApproval(new Api(() => null, fetcher, noWait, SERVER), {
        staffId: "0196a1b2-0000-7000-8000-000000000009",
        pin: "4826",
        action: "item.void",
        resource: {},
      }).catch(() => {});
      await listTables(new Api(() => null, fetcher, noWait, SERVER), { locationId: "l" });
      await requestApproval(new Api(() => "brg_token", fetcher, noWait, SERVER), {
        staffId: "0196a1b2-0000-7000-8000-000000000009",
        pin: "4826",
        action: "item.void",
        resource: {},
      }).catch(() => {});
      const [change, read, withToken] = sent;
      expect(change.credentials).toBe("same-origin");
      expect(change.headers.get("X-CSRF-Token")).toBe("guard");
      expect(change.headers.get("Authorization")).toBeNull();
      expect(read.headers.get("X-CSRF-Token")).toBeNull();
      expect(withToken.headers.get("X-CSRF-Token")).toBeNull();
      expect(withToken.headers.get("Authorization")).toBe("Bearer brg_token");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
