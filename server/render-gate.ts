// How many requests React Router works on at once (docs/security.md, "Floods"). Kept pages are
// answered before the gate, so a flood of requests that each cost a render (made-up paths, each
// its own 404 page) waits in line instead of taking the event loop from everyone else.

/**
 * At most `concurrency` requests inside and `queue` waiting; `enter` resolves to the function
 * that leaves, or to null at once when the line is full (the caller answers 503). A waiting
 * request whose client goes away (`signal`) leaves the line.
 */
export function createRenderGate({ concurrency, queue }: { concurrency: number; queue: number }) {
  let inside = 0;
  const line: { admit: () => void }[] = [];
  const leave = () => {
    const next = line.shift();
    if (next) next.admit();
    else inside -= 1;
  };
  return {
    get inside() {
      return inside;
    },
    get waiting() {
      return line.length;
    },
    enter(signal?: AbortSignal): Promise<Leave | null> {
      if (inside < concurrency) {
        inside += 1;
        return Promise.resolve(once(leave));
      }
      if (line.length >= queue) return Promise.resolve(null);
      return new Promise<Leave | null>((resolve) => {
        const place = {
          admit: () => {
            signal?.removeEventListener("abort", give);
            resolve(once(leave));
          },
        };
        // Gone before its turn: out of the line, and nothing to answer.
        const give = () => {
          const at = line.indexOf(place);
          if (at >= 0) line.splice(at, 1);
          resolve(null);
        };
        line.push(place);
        signal?.addEventListener("abort", give, { once: true });
      });
    },
  };
}

/** Leaves the gate; a second call does nothing. */
export type Leave = () => void;

function once(fn: () => void): Leave {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
