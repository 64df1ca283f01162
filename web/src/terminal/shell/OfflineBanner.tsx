// The calm amber word while the server can't be reached: how many changes wait on this tablet
// (writes only: background reads are not counted), and that they are kept. It takes the
// brand's place in the top bar rather than a bar of its own: nothing under a finger moves when
// the connection comes and goes (one failed try of a write shows it). What needs the server
// (a card payment, a manager's approval, signing in) says so where it is asked for.

import { rich } from "../messages";

export function OfflineBanner(props: { waiting: number }) {
  const { waiting } = props;
  return (
    <div class="offline-banner" role="alert" data-testid="offline-banner">
      {rich("terminal.offline.banner", {
        count: waiting,
        strong: (chunks) => <strong>{chunks}</strong>,
        pending: (chunks) => <span data-testid="pending-count">{chunks}</span>,
      })}
    </div>
  );
}
