// The working screen: the floor, the menu and the open check side by side (screens.md).

import { useState } from "preact/hooks";
import { Check } from "../check/Check";
import { useCheck } from "../check/state";
import { Floor } from "../floor/Floor";
import { useFloor } from "../floor/state";
import { Menu } from "../ordering/Menu";
import { Payment } from "../payment/Payment";

export function Service() {
  const floor = useFloor();
  const [orderId, setOrderId] = useState<string | null>(null);
  return (
    <main class="service">
      <Floor floor={floor} current={orderId} onOpen={setOrderId} />
      {orderId ? (
        <OpenCheck key={orderId} orderId={orderId} floor={floor} onClose={() => setOrderId(null)} />
      ) : (
        <section class="menu empty" aria-label="Menu">
          <p class="hint">Tap a free table to seat guests, or an occupied one to open its check.</p>
        </section>
      )}
    </main>
  );
}

function OpenCheck(props: { orderId: string; floor: ReturnType<typeof useFloor>; onClose: () => void }) {
  const check = useCheck(props.orderId);
  const [paying, setPaying] = useState(false);
  const free = props.floor.tables.filter((table) => table.status === "FREE");
  return (
    <>
      <Menu addAsSeen={check.addAsSeen} />
      <Check check={check} freeTables={free} onPay={() => setPaying(true)} onClose={props.onClose} />
      {paying && (
        <Payment
          check={check}
          onClose={() => setPaying(false)}
          onDone={() => {
            setPaying(false);
            props.floor.reload();
            props.onClose();
          }}
        />
      )}
    </>
  );
}
