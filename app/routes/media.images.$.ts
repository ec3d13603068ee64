import type { LoaderFunctionArgs } from "@remix-run/node";
import { resourceRoute } from "~/lib/security.server";
import { serveBundledImage } from "~/lib/media/serve-image.server";

export const loader = resourceRoute(({ request, params }: LoaderFunctionArgs) =>
  serveBundledImage(request, params["*"] ?? ""),
);
