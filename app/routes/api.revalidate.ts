import type { ActionFunctionArgs } from "@remix-run/node";
import { handleRevalidate } from "~/lib/revalidate.server";
import { resourceRoute } from "~/lib/security.server";

// POST from Sanity's webhook; any other method gets a 405 from the same handler.
export const action = resourceRoute(({ request }: ActionFunctionArgs) => handleRevalidate(request));
export const loader = resourceRoute(({ request }: ActionFunctionArgs) => handleRevalidate(request));
