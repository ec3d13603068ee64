import { describe, expect, it } from "vitest";
import { createRefresher, type RefreshHost } from "./refresh";

function host(pageTags: string[]) {
  let hidden = false;
  let shown: () => void = () => undefined;
  const revalidations: (string | undefined)[] = [];
  let finish: () => void = () => undefined;
  const fake: RefreshHost = {
    pageTags: () => new Set(pageTags),
    revalidate(id) {
      revalidations.push(id);
      return new Promise<void>((resolve) => (finish = resolve));
    },
    hidden: () => hidden,
    onShown(callback) {
      shown = callback;
      return () => undefined;
    },
  };
  return {
    fake,
    revalidations,
    finish: async () => {
      finish();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    show() {
      hidden = false;
      shown();
    },
    hide: () => (hidden = true),
  };
}

describe("createRefresher", () => {
  it("revalidates for tags the page has, with the event's id, and ignores the rest", () => {
    const page = host(["s1:a", "s1:b"]);
    const refresher = createRefresher(page.fake);
    refresher.changed(["s1:z"], "ev-1");
    expect(page.revalidations).toEqual([]);
    refresher.changed(["s1:z", "s1:b"], "ev-2");
    expect(page.revalidations).toEqual(["ev-2"]);
  });

  it("runs one revalidation at a time; news meanwhile makes one more, with the latest id", async () => {
    const page = host(["t"]);
    const refresher = createRefresher(page.fake);
    refresher.changed(["t"], "1");
    refresher.changed(["t"], "2");
    refresher.changed(["t"], "3");
    expect(page.revalidations).toEqual(["1"]);
    await page.finish();
    expect(page.revalidations).toEqual(["1", "3"]);
    await page.finish();
    expect(page.revalidations).toEqual(["1", "3"]);
  });

  it("waits while the tab is hidden, then revalidates once when shown", () => {
    const page = host(["t"]);
    const refresher = createRefresher(page.fake);
    page.hide();
    refresher.changed(["t"], "1");
    refresher.everything();
    expect(page.revalidations).toEqual([]);
    page.show();
    expect(page.revalidations).toEqual([undefined]);
  });

  it("asks past every cache for the event a reloaded tab last heard, whatever the page's tags", () => {
    const page = host([]);
    const refresher = createRefresher(page.fake);
    refresher.everything("ev-9");
    expect(page.revalidations).toEqual(["ev-9"]);
  });
});
