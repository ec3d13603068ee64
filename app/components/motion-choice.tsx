import { createContext, useState, type ReactNode } from "react";
import { useReducedMotion } from "~/hooks/useMediaQuery";
import type { MediaItem } from "~/lib/content/model";
import type { Choice } from "~/lib/media/playback";

/**
 * What the visitor asked of a group of background videos with one control. Null outside such
 * a group.
 */
export const MotionChoice = createContext<Choice | null>(null);

/** Whether any of `items` is a looping background video. */
export function hasLoopingVideo(items: readonly (MediaItem | null | undefined)[]) {
  return items.some((item) => item?._type === "mainVideo" && !item.isVideoPlayer);
}

/**
 * One "Pause videos" control for a group of looping background videos that cannot each hold a
 * button of their own (a gallery's slides are buttons, a project card is a link): they move
 * until the visitor says otherwise (WCAG 2.2.2). Wrap the group in `<MotionChoice.Provider
 * value={choice}>`; `control` is null when nothing in it loops.
 */
export function useGroupMotion(loops: boolean, className: string) {
  const reducedMotion = useReducedMotion();
  const [motion, setMotion] = useState<Choice>("auto");
  const moving = motion === "auto" ? !reducedMotion : motion === "play";
  const control: ReactNode = loops ? (
    <button
      type="button"
      className={className}
      onClick={() => setMotion(moving ? "pause" : "play")}
    >
      {moving ? "Pause videos" : "Play videos"}
    </button>
  ) : null;
  return { control, choice: motion === "auto" ? null : motion };
}
