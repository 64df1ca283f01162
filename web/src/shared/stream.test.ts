import { describe, expect, it } from "vitest";
import { SseParser } from "./stream";

const event = (id: number, type: string) =>
  JSON.stringify({ id, type, locationId: "L", entityId: "E", orderId: null, data: {} });

describe("the event stream parser", () => {
  it("reads whole events across chunk boundaries and skips comments", () => {
    const parser = new SseParser();
    const text = `: connected\n\nid: 1\nevent: order.created\ndata: ${event(1, "order.created")}\n\nid: 2\nevent: item.added\ndata: ${event(2, "item.added")}\n\n`;
    const cut = text.indexOf("item.added") + 3;
    const first = parser.feed(text.slice(0, cut));
    expect(first.map((e) => e.id)).toEqual([1]);
    const second = parser.feed(text.slice(cut));
    expect(second.map((e) => [e.id, e.type])).toEqual([[2, "item.added"]]);
  });

  it("accepts CRLF line ends and retry hints", () => {
    const parser = new SseParser();
    const found = parser.feed(`retry: 1000\r\n\r\nid: 9\r\ndata: ${event(9, "product.86d")}\r\n\r\n`);
    expect(found.map((e) => e.type)).toEqual(["product.86d"]);
  });
});
