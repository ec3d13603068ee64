import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveBundledImage } from "~/lib/media/serve-image.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  serveBundledImage(request, params["*"] ?? "");
