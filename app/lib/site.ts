import { useRouteLoaderData } from "react-router";
import type { SiteContext } from "~/lib/seo";

type Match = { id: string; loaderData: unknown } | undefined;

/** The root loader's data (general settings, media config) from a meta function. */
export function siteFromMatches(matches: Match[]): SiteContext | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as SiteContext | undefined;
}

/** The root loader's data in a component; undefined when the root loader failed. */
export function useSite(): SiteContext | undefined {
  return useRouteLoaderData("root") as SiteContext | undefined;
}
