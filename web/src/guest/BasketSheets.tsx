// The basket of the phone's pages (the table's round, the ordering page's order): its lines, the
// product being chosen in its sheet, and the basket's own sheet while it is reviewed.

import { useState } from "preact/hooks";
import { type BasketLine, addToBasket, changeQuantity } from "./basket";
import type { GuestProduct } from "./choice";
import { ProductSheet } from "./ProductSheet";
import { Review } from "./Review";

export interface Basket {
  lines: BasketLine[];
  /** The product whose sheet is open, if any. */
  choosing: GuestProduct | null;
  /** Whether the basket's sheet is open. */
  reviewing: boolean;
  choose: (product: GuestProduct | null) => void;
  review: (open: boolean) => void;
  change: (how: (lines: BasketLine[]) => BasketLine[]) => void;
}

/** An empty basket; `onChange` hears of each change of its lines. */
export function useBasket(onChange: () => void = () => {}): Basket {
  const [lines, setLines] = useState<BasketLine[]>([]);
  const [choosing, choose] = useState<GuestProduct | null>(null);
  const [reviewing, review] = useState(false);
  const change = (how: (lines: BasketLine[]) => BasketLine[]) => {
    setLines(how);
    onChange();
  };
  return { lines, choosing, reviewing, choose, review, change };
}

/** The product's sheet while one is chosen (Add puts it in the basket), and the basket's while
 * it is reviewed: `action` (its words, "Send order" unless given) calls `onSend`. */
export function BasketSheets(props: {
  basket: Basket;
  money: (cents: number) => string;
  onSend: () => void;
  sending?: boolean;
  refusal?: string | null;
  action?: string;
}) {
  const { basket, money } = props;
  return (
    <>
      {basket.choosing && (
        <ProductSheet
          product={basket.choosing}
          money={money}
          onClose={() => basket.choose(null)}
          onAdd={(line) => {
            basket.change((lines) => addToBasket(lines, line));
            basket.choose(null);
          }}
        />
      )}
      {basket.reviewing && (
        <Review
          lines={basket.lines}
          money={money}
          sending={props.sending ?? false}
          refusal={props.refusal ?? null}
          action={props.action}
          onChange={(key, by) => basket.change((lines) => changeQuantity(lines, key, by))}
          onSend={props.onSend}
          onClose={() => basket.review(false)}
        />
      )}
    </>
  );
}
