import { useLayoutEffect, useRef } from "react";

/**
 * A ref that holds the latest value of a render, for effects and event handlers that must not
 * re-run or be re-created when it changes. It is written after the render commits (React's
 * rules forbid writing a ref during render), before any effect declared after it runs.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
