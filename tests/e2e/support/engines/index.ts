import { launchFirefox } from "./firefox";
import type { Engine, EngineName } from "./types";
import { launchWebKit } from "./webkit";

export type { Engine, EngineName, EnginePage } from "./types";
export { readFaults } from "./watcher";

export const ENGINES: readonly EngineName[] = ["firefox", "webkit"];

/** Starts one of the engines; the caller closes it. */
export function launchEngine(name: EngineName): Promise<Engine> {
  return name === "firefox" ? launchFirefox() : launchWebKit();
}
