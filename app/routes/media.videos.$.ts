import type { LoaderFunctionArgs } from "@remix-run/node";
import { resourceRoute } from "~/lib/security.server";
import { serveBundledVideo } from "~/lib/media/serve-video.server";

export const loader = resourceRoute(({ request, params }: LoaderFunctionArgs) =>
  serveBundledVideo(request, params["*"] ?? ""),
);
