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
export function Media({
  item,
  sizes,
  aspectRatio,
  art,
  priority,
  preview,
  decorative,
  className,
}: Props) {
  if (!item) return null;
  if (item._type === "mainVideo") {
    return (
      <Video
        video={item}
        sizes={sizes}
        priority={priority}
        preview={preview}
        aspectRatio={aspectRatio}
        art={art}
        className={className}
      />
    );
  }
  if (item._type === "mainImage") {
    return (
      <Image
        image={item.image}
        sizes={sizes}
        aspectRatio={aspectRatio}
        art={art}
        priority={priority}
        decorative={decorative}
        className={className}
      />
    );
  }
  return null;
}
