import type { Route } from "./+types/media.videos.$";
import { resourceRoute } from "~/lib/security.server";
import { serveBundledPoster, type ImageTransformHost } from "~/lib/media/serve-image.server";

/**
 * The bundled videos' posters at the site's sizes (`{playbackId}.webp`). The mp4 and the JPEG
 * poster are static files, answered before the app (docs/caching.md, "Media").
 */
export const loader = resourceRoute(({ request, params, context }: Route.LoaderArgs) =>
  serveBundledPoster(request, params["*"] ?? "", context as ImageTransformHost),
);
