import type { MediaItem } from "~/lib/content/model";
import type { ImageLayout } from "~/lib/media/preload";
import { Media } from "./Media";

type Props = {
  item: MediaItem | null | undefined;
  /** The layout the route preloads the hero for (`preloadMedia`): the same one is drawn. */
  layout: ImageLayout;
};

/** A page's hero: its largest media, fetched first. */
export function Hero({ item, layout }: Props) {
  if (!item) return null;
  return (
    <div className="hero">
      <Media item={item} {...layout} priority />
    </div>
  );
}
