// What scripts/bench/lighthouse.ts takes from the packages pinned here, resolved from this folder.
export { default as lighthouse } from "lighthouse";
export * as chromeLauncher from "chrome-launcher";
export * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
