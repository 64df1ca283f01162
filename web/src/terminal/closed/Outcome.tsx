// What the last change on a closed check or a payment came to: done (a status) or refused (an
// alert, in words).

export function Outcome(props: { notice: string | null; error: string | null }) {
  return (
    <>
      {props.notice && (
        <p class="sent-note" role="status">
          {props.notice}
        </p>
      )}
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
    </>
  );
}
