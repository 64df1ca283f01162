// Following a card checkout (a charge or a tab's card) on the payment sheet until its reader or
// its provider has answered.

import { useEffect } from "preact/hooks";
import { getCardCheckout } from "../../shared/api/cards";
import { getOrder } from "../../shared/api/orders";
import type { Order } from "../../shared/types";
import { inWords } from "../../shared/words";
import { useTerminal } from "../context";
import { type CardCheckout, type CheckoutStatus, FOLLOW_MS } from "./reader";

/** Asks how `checkout` stands every FOLLOW_MS while its reader or provider is `answering`;
 * once it is `paid`, reads its order for `onPaid`. */
export function useFollowed(
  checkout: CardCheckout | null,
  follow: { answering: (status: CheckoutStatus) => boolean; paid: CheckoutStatus },
  setCheckout: (checkout: CardCheckout) => void,
  setError: (words: string) => void,
  onPaid: (order: Order) => void,
) {
  const { api } = useTerminal();
  const { answering, paid } = follow;
  useEffect(() => {
    if (!checkout) return;
    if (answering(checkout.status)) {
      const timer = setTimeout(
        () =>
          getCardCheckout(api, checkout.id)
            .then(setCheckout)
            .catch((failure) => setError(inWords(failure))),
        FOLLOW_MS,
      );
      return () => clearTimeout(timer);
    }
    if (checkout.status === paid) {
      getOrder(api, checkout.orderId)
        .then(onPaid)
        .catch((failure) => setError(inWords(failure)));
    }
  }, [api, checkout, answering, paid, setCheckout, setError, onPaid]);
}
