import { describe, expect, it } from "vitest";
import { createRenderGate } from "./render-gate.ts";

describe("createRenderGate", () => {
  it("lets `concurrency` in, lines up `queue` more in order, and turns the rest away at once", async () => {
    const gate = createRenderGate({ concurrency: 2, queue: 2 });
    const first = await gate.enter();
    const second = await gate.enter();
    const order: string[] = [];
    const third = gate.enter().then((leave) => (order.push("third"), leave));
    const fourth = gate.enter().then((leave) => (order.push("fourth"), leave));
    expect(await gate.enter(), "a fifth, with two inside and two waiting").toBeNull();
    expect([gate.inside, gate.waiting]).toEqual([2, 2]);
    first!();
    first!(); // leaving twice frees one place only
    const thirdLeave = await third;
    expect([gate.inside, gate.waiting]).toEqual([2, 1]);
    second!();
    const fourthLeave = await fourth;
    expect(order).toEqual(["third", "fourth"]);
    thirdLeave!();
    fourthLeave!();
    expect([gate.inside, gate.waiting]).toEqual([0, 0]);
  });

  it("takes a waiting request whose client has gone out of the line", async () => {
    const gate = createRenderGate({ concurrency: 1, queue: 4 });
    const inside = await gate.enter();
    const client = new AbortController();
    const gone = gate.enter(client.signal);
    const next = gate.enter();
    client.abort();
    expect(await gone).toBeNull();
    expect(gate.waiting).toBe(1);
    inside!();
    expect(await next).toEqual(expect.any(Function));
    expect([gate.inside, gate.waiting]).toEqual([1, 0]);
  });
});
