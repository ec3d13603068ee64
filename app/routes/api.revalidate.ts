import type { ActionFunctionArgs } from "@remix-run/node";
import { handleRevalidate } from "~/lib/revalidate.server";

// POST from Sanity's webhook; any other method gets a 405 from the same handler.
export const action = ({ request }: ActionFunctionArgs) => handleRevalidate(request);
export const loader = ({ request }: ActionFunctionArgs) => handleRevalidate(request);
