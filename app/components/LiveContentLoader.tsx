import { AfterHydration } from "~/components/AfterHydration";
import type { LiveConfig } from "~/lib/live/config";

const loadLiveContent = () => import("~/components/LiveContent");

/**
 * Live content's chunk (app/components/LiveContent.tsx), loaded after hydration and only when
 * the root says the page is live (app/lib/live/config.server.ts): the first page's JavaScript
 * does not grow, and the server renders nothing here.
 */
export function LiveContentLoader({ config }: { config: LiveConfig | undefined }) {
  return config ? <AfterHydration load={loadLiveContent} props={{ config }} /> : null;
}
