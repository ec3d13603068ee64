import type { Route } from "./+types/api.revalidate";
import { handleRevalidate } from "~/lib/revalidate.server";
import { resourceRoute } from "~/lib/security.server";

// POST from Sanity's webhook; any other method gets a 405 from the same handler.
export const action = resourceRoute(({ request }: Route.ActionArgs) => handleRevalidate(request));
export const loader = resourceRoute(({ request }: Route.LoaderArgs) => handleRevalidate(request));
