import type { Route } from "./+types/media.images.$";
import { resourceRoute } from "~/lib/security.server";
import { serveBundledImage, type ImageTransformHost } from "~/lib/media/serve-image.server";

export const loader = resourceRoute(({ request, params, context }: Route.LoaderArgs) =>
  serveBundledImage(request, params["*"] ?? "", context as ImageTransformHost),
);
