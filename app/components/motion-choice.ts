import { createContext } from "react";
import type { Choice } from "~/lib/media/playback";

/**
 * What the visitor asked of a group of background videos with one control (a gallery's
 * "Pause videos": its slides are buttons, which cannot hold a button of each video's own).
 * Null outside such a group.
 */
export const MotionChoice = createContext<Choice | null>(null);
