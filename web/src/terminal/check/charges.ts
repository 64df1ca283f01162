// The location's service charges a server may add to a check (the automatic ones apply by
// themselves): read once when the check opens.

import { useEffect, useState } from "preact/hooks";
import { listServiceCharges } from "../../shared/api/pricing";
import type { ServiceCharge } from "../../shared/types";
import { useTerminal } from "../context";

/** The charges a server adds by hand; none while they load or when they cannot be read (the
 * check still works without them). */
export function useAddableCharges(): ServiceCharge[] {
  const { api, locationId } = useTerminal();
  const [charges, setCharges] = useState<ServiceCharge[]>([]);
  useEffect(() => {
    listServiceCharges(api, { locationId, limit: 100 }).then(
      (page) => setCharges(page.data.filter((charge) => !charge.automatic)),
      () => setCharges([]),
    );
  }, [api, locationId]);
  return charges;
}
