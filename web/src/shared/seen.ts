// Reading again while the page is seen (the guests' phones): a phone in a pocket asks nothing of
// the server.

import { useEffect } from "preact/hooks";

/** Runs `each` every `ms` while the page is seen (and `active`), and at once when it is seen
 * again. */
export function useWhileSeen(each: () => void, ms: number, active = true): void {
  useEffect(() => {
    if (!active) return;
    const seen = () => document.visibilityState === "visible";
    const timer = setInterval(() => seen() && each(), ms);
    const onVisibility = () => seen() && each();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [each, ms, active]);
}
