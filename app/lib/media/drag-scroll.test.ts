import { describe, expect, it } from "vitest";
import { enableDragScroll } from "./drag-scroll";

// Dragging itself is driven in a browser (tests/e2e/media-video-gallery.test.ts); here, that the
// row's listeners come and go with it. A row stands in as an event target with a dataset.
function row() {
  return Object.assign(new EventTarget(), { dataset: {} as DOMStringMap }) as HTMLElement;
}

const nativeDragAllowed = (track: HTMLElement) =>
  track.dispatchEvent(new Event("dragstart", { cancelable: true }));

describe("drag to scroll", () => {
  it("marks the row and holds off the browser's own image drag", () => {
    const track = row();
    enableDragScroll(track);
    expect("draggable" in track.dataset).toBe(true);
    expect(nativeDragAllowed(track)).toBe(false);
  });

  it("lets go of the row entirely when cleaned up", () => {
    const track = row();
    const cleanup = enableDragScroll(track);
    cleanup();
    expect("draggable" in track.dataset).toBe(false);
    expect(nativeDragAllowed(track)).toBe(true);
  });
});
