import type { PageModule } from "~/lib/content/model";

/**
 * How a page's modules sit on the grid. A half-width media module never stands
 * alone beside an empty half (docs/decisions/061-modules-layout.md):
 * - two half-width media modules in a row share one row ("pair");
 * - a half-width one on its own carries its caption in the other half ("aside");
 * - one with neither a partner nor a caption is shown full width ("full").
 * Everything else is a row of its own.
 */
type ModuleRow =
  | { kind: "single"; module: PageModule; media?: "full" | "aside" }
  | { kind: "pair"; modules: [PageModule, PageModule] };

function isHalf(module: PageModule | undefined): module is PageModule & { _type: "mediaModule" } {
  return module?._type === "mediaModule" && module.size === "half";
}

export function moduleRows(modules: readonly PageModule[]): ModuleRow[] {
  const rows: ModuleRow[] = [];
  for (let index = 0; index < modules.length; index++) {
    const module = modules[index]!;
    const next = modules[index + 1];
    if (isHalf(module) && isHalf(next) && Boolean(module.inverted) === Boolean(next.inverted)) {
      rows.push({ kind: "pair", modules: [module, next] });
      index++;
    } else if (isHalf(module)) {
      rows.push({ kind: "single", module, media: module.caption?.trim() ? "aside" : "full" });
    } else {
      rows.push({ kind: "single", module });
    }
  }
  return rows;
}

/**
 * Whether a section has anything to show. One that has not (a gallery or people section with
 * nobody in it, a projects section whose projects are all hidden) is left out, with its
 * heading and its inversion, rather than shown as an empty band.
 */
export function hasContent(module: PageModule): boolean {
  switch (module._type) {
    case "textModule":
      return Boolean(module.heading?.trim() || module.body?.length);
    case "mediaModule":
      return Boolean(module.media);
    case "galleryModule":
      return Boolean(module.items?.length);
    case "peopleModule":
      return Boolean(module.people?.length);
    case "projectsModule":
      return Boolean(module.projects?.length);
    default:
      return true;
  }
}
