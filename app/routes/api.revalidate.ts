import type { Route } from "./+types/api.revalidate";
import { handleRevalidate } from "~/lib/revalidate.server";
import { resourceRoute } from "~/lib/security.server";

// POST from Sanity's webhook; any other method gets a 405 from the same handler.
export const action = resourceRoute(({ request, context }: Route.ActionArgs) =>
  handleRevalidate(request, context),
);
export const loader = resourceRoute(({ request, context }: Route.LoaderArgs) =>
  handleRevalidate(request, context),
);
