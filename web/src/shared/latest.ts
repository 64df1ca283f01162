// The latest value of something an effect reads but must not restart for (a callback made anew
// each render, a prop read once): the effect reads `.current` when it runs.

import type { RefObject } from "preact";
import { useRef } from "preact/hooks";

export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  latest.current = value;
  return latest;
}
