import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveBundledVideo } from "~/lib/media/serve-video.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  serveBundledVideo(request, params["*"] ?? "");
