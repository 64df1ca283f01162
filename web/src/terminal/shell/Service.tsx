// The working screen: the floor, the menu and the open check side by side (screens.md). The
// floor and the menu live as long as the screen: opening a check reloads neither.

import { useState } from "preact/hooks";
import { Check } from "../check/Check";
import { ClosedChecks } from "../closed/ClosedChecks";
import { useCheck } from "../check/state";
import { Floor } from "../floor/Floor";
import { checksAt, useFloor } from "../floor/state";
import { Menu } from "../ordering/Menu";
import { useMenu } from "../ordering/state";
import { Payment } from "../payment/Payment";
import { t } from "../messages";

interface Opened {
  id: string;
}

/** `onOpened`: the check open beside the menu, each time that changes (null: none).
 * `onPaid`: a check closed by itself once paid, in words for the top bar. */
export function Service(props: { onOpened: (orderId: string | null) => void; onPaid: (words: string) => void }) {
  const floor = useFloor();
  const menu = useMenu();
  const [opened, setOpenedCheck] = useState<Opened | null>(null);
  const setOpened = (next: Opened | null) => {
    setOpenedCheck(next);
    props.onOpened(next?.id ?? null);
  };
  // Today's closed checks, in place of the menu and the check (closed/ClosedChecks.tsx).
  const [closed, setClosed] = useState(false);
  const open = (id: string) => {
    setClosed(false);
    setOpened({ id });
  };
  return (
    <main class="service">
      <Floor
        floor={floor}
        current={opened?.id ?? null}
        onOpen={open}
        onClosedChecks={() => {
          setOpened(null);
          setClosed(true);
        }}
      />
      {closed ? (
        <ClosedChecks
          onReopened={(id) => {
            floor.reload();
            open(id);
          }}
          onClose={() => setClosed(false)}
        />
      ) : opened ? (
        <OpenCheck
          key={opened.id}
          opened={opened}
          floor={floor}
          menu={menu}
          onSwitch={open}
          onClose={() => setOpened(null)}
          onPaid={props.onPaid}
        />
      ) : (
        <section class="menu empty" aria-label={t("terminal.menu")} data-kept={menu.kept ? "true" : undefined}>
          <p class="hint">{t("terminal.service.hint")}</p>
        </section>
      )}
    </main>
  );
}

function OpenCheck(props: {
  opened: Opened;
  floor: ReturnType<typeof useFloor>;
  menu: ReturnType<typeof useMenu>;
  onSwitch: (orderId: string) => void;
  onClose: () => void;
  onPaid: (words: string) => void;
}) {
  const check = useCheck(props.opened.id);
  const [paying, setPaying] = useState(false);
  const free = props.floor.tables.filter((table) => table.status === "FREE");
  // The floor's last read: a split's new checks show once its events have it read again.
  const tableId = check.order?.tableId;
  const table = props.floor.tables.find((seated) => seated.id === tableId);
  const tableChecks = table ? checksAt(table) : [];
  return (
    <>
      <Menu menu={props.menu} addAsSeen={check.addAsSeen} />
      <Check
        check={check}
        freeTables={free}
        tableChecks={tableChecks}
        onSwitch={props.onSwitch}
        onSplit={() => props.floor.reload()}
        onPay={() => setPaying(true)}
        onClose={props.onClose}
      />
      {paying && (
        <Payment
          check={check}
          onClose={() => setPaying(false)}
          onDone={(paid) => {
            setPaying(false);
            props.floor.reload();
            props.onClose();
            if (paid) props.onPaid(paid);
          }}
        />
      )}
    </>
  );
}
