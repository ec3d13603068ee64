import type { Route } from "./+types/media.videos.$";
import { resourceRoute } from "~/lib/security.server";
import { serveBundledVideo } from "~/lib/media/serve-video.server";

export const loader = resourceRoute(({ request, params }: Route.LoaderArgs) =>
  serveBundledVideo(request, params["*"] ?? ""),
);
