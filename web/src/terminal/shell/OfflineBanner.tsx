// The calm amber bar while the server can't be reached: how many changes wait on this tablet
// (writes only: background reads are not counted), and that they are kept.

export function OfflineBanner(props: { waiting: number }) {
  const { waiting } = props;
  return (
    <div class="offline-banner" role="alert" data-testid="offline-banner">
      <strong>
        Offline —{" "}
        <span data-testid="pending-count">
          {waiting === 0 ? "no changes waiting" : `${waiting} ${waiting === 1 ? "change" : "changes"} waiting`}
        </span>
      </strong>{" "}
      · Kept on this tablet and sent in order when the server is back. Card payments, manager approvals and signing in
      someone new need the server.
    </div>
  );
}
