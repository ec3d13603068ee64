import type { MediaItem } from "~/lib/content/model";
import type { ImageLayout } from "~/lib/media/preload";
import { Image } from "./Image";
import { Video } from "./Video";

type Props = ImageLayout & {
  item: MediaItem | null | undefined;
  /** The page's largest media: fetched first (the route preloads it too). */
  priority?: boolean;
  /** Inside a link or button: a video shows as a still (background videos still play). */
  preview?: boolean;
  /** An image that repeats what sits beside it: no alt text (videos have none). */
  decorative?: boolean;
  className?: string;
};

/** A `mediaItem`: an image or a video, whichever the editor chose. */
export function Media({ item, preview, decorative, ...shown }: Props) {
  if (item?._type === "mainVideo") return <Video video={item} preview={preview} {...shown} />;
  if (item?._type === "mainImage") {
    return <Image image={item.image} decorative={decorative} {...shown} />;
  }
  return null;
}
