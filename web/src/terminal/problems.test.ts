import { describe, expect, it } from "vitest";
import { ApiError, Unreachable } from "../shared/api/client";
import { anItem, anOrder } from "../shared/fixtures";
import { inWords, namesIn, withoutIds } from "./problems";

const FRIES = "3f2b8c1e-9a4d-4b7e-8c21-5d6e7f809a1b";
const CHECK = "0c9d8e7f-6a5b-4c3d-9e2f-1a0b9c8d7e6f";
const TABLE = "7b6a5f4e-3d2c-4b1a-8f9e-0d1c2b3a4f5e";
const OTHER = "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee";
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const order = anOrder({ id: CHECK, tableId: TABLE, items: [anItem(FRIES, "Fries")] });

describe("a problem's words", () => {
  it.each([
    [`order item ${FRIES} was not found`, "Fries was not found"],
    [`order ${CHECK} was not found`, "Check #1042 was not found"],
    [`table ${TABLE} was not found`, "Table 4 was not found"],
    [`On order_id=${CHECK}/item_id=${FRIES}; ask again.`, "On check #1042/Fries; ask again."],
    [`order item ${OTHER} was not found`, "The line was not found"],
    [`payment ${OTHER} was not found`, "The payment was not found"],
    [`The id ${OTHER} already names what another request made`, "The id already names what another request made"],
    [`not this order's (${OTHER.toUpperCase()}).`, "Not this order's (it)."],
    ["Steak is 86'd.", "Steak is 86'd."],
  ])("%s → %s", (said, shown) => {
    expect(withoutIds(said, namesIn(order))).toBe(shown);
    expect(withoutIds(said, namesIn(order))).not.toMatch(UUID);
  });

  it("has the terminal's own words for a refusal about tokens and ids", () => {
    const expired = new ApiError(
      403,
      "approval_invalid",
      `The approval is unknown, expired, ... than this order.item.void on order_id=${CHECK}/item_id=${FRIES}`,
    );
    expect(inWords(expired, namesIn(order))).toBe(
      "The manager's approval had expired or was already used: ask the manager again.",
    );
  });

  it.each([
    ["accept_window_over", "Too late to accept: the time to accept is over, and the order is being refused."],
    ["channel_order_decided", "This order was already accepted or refused, perhaps on another terminal."],
    ["payment_due", "This order is paid at pickup: open its check and take the payment."],
  ])("says a channel's order refused (%s) in the terminal's own words", (code, shown) => {
    const refused = new ApiError(409, code, "order ue-4f2a had to be accepted by 2026-12-05T18:10:00+00:00");
    expect(inWords(refused)).toBe(shown);
  });

  it("names the ids of the server's words, and says the rest as before", () => {
    const gone = new ApiError(404, "not_found", `order item ${FRIES} was not found`);
    expect(inWords(gone, namesIn(order))).toBe("Fries was not found");
    expect(inWords(gone)).toBe("The line was not found");
    expect(inWords(new Unreachable("x"))).toBe("The server cannot be reached.");
  });
});
