import type { Route } from "./+types/media.images.$";
import { resourceRoute } from "~/lib/security.server";
import { serveBundledImage } from "~/lib/media/serve-image.server";

export const loader = resourceRoute(({ request, params }: Route.LoaderArgs) =>
  serveBundledImage(request, params["*"] ?? ""),
);
