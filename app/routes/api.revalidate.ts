import type { Route } from "./+types/api.revalidate";
import { handleRevalidate } from "~/lib/revalidate.server";

// POST from Sanity's webhook; any other method gets a 405 from the same handler.
export function action({ request }: Route.ActionArgs) {
  return handleRevalidate(request);
}
export function loader({ request }: Route.LoaderArgs) {
  return handleRevalidate(request);
}
