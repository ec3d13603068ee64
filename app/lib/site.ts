import { useRouteLoaderData } from "react-router";
import type { ShellData } from "~/lib/seo";

type Match = { id: string; loaderData: unknown } | undefined;

/** The root loader's data (the shell's settings, media config) from a meta function. */
export function siteFromMatches(matches: Match[]): ShellData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as ShellData | undefined;
}

/** The root loader's data in a component; undefined when the root loader failed. */
export function useSite(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}
