import { useEffect, useState, type ComponentType } from "react";
import type { LiveConfig } from "~/lib/live/config";

type Live = ComponentType<{ config: LiveConfig }>;

/**
 * Live content's chunk (app/components/LiveContent.tsx), loaded after hydration and only when
 * the root says the page is live (app/lib/live/config.server.ts): the first page's JavaScript
 * does not grow, and the server renders nothing here.
 */
export function LiveContentLoader({ config }: { config: LiveConfig | undefined }) {
  const [Live, setLive] = useState<Live>();
  const live = Boolean(config);
  useEffect(() => {
    if (!live) return;
    let current = true;
    void import("~/components/LiveContent").then((module) => {
      if (current) setLive(() => module.default);
    });
    return () => {
      current = false;
    };
  }, [live]);
  return Live && config ? <Live config={config} /> : null;
}
